import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { startConsole } from './app/bootstrap';
import { consoleEnv } from './app/env';

const element = document.getElementById('root');
if (!element) throw new Error('missing #root');
void startConsole({ win: window, element, apiBase: consoleEnv.apiBase });
