import { startExtensionPage } from '@shared/extension/page-runtime';
import { SidePanelApp } from '@shared/extension/sidepanel-app';

void startExtensionPage(document.getElementById('root'), () => <SidePanelApp />);
