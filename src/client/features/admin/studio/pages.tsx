export { StudioPage } from './studio-page';
