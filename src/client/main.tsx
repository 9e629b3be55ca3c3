import { createRoot } from 'react-dom/client';
import { createStore } from 'jotai';
import './ui/theme.css';
import './ui/global.css';
import { isDebugMode } from '#engine';
import { createI18n } from './i18n';
import { debugModeAtom } from './state/language';
import { App } from './app/app';
import { connectSession } from './app/session-setup';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const debug = import.meta.env.DEV || isDebugMode(window.location.search);
const store = createStore();
store.set(debugModeAtom, debug);
connectSession(store);

createRoot(container).render(<App store={store} i18n={createI18n('en', { debug })} />);
