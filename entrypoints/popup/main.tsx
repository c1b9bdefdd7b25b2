import { startExtensionPage } from '@extension/pages/page-runtime';
import { PopupApp } from './popup-app';

void startExtensionPage(document.getElementById('root'), () => <PopupApp />);
