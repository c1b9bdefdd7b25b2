import { startExtensionPage } from '@extension/pages/page-runtime';
import { SidePanelApp } from './sidepanel-app';

void startExtensionPage(document.getElementById('root'), () => <SidePanelApp />);
