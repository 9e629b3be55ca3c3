import { createRoot } from 'react-dom/client';
import { createStore } from 'jotai';
import './ui/theme.css';
import './ui/global.css';
import { createI18n } from './i18n';
import { App } from './app/app';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(<App store={createStore()} i18n={createI18n('en', { debug: import.meta.env.DEV })} />);
