export { TemplatesPage } from './templates-page';
export { TemplatePage } from './template-page';
export { UnsubscribePage } from './unsubscribe-page';
