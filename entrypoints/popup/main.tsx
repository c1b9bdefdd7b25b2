import { startExtensionPage } from '@shared/extension/page-runtime';
import { PopupApp } from '@shared/extension/popup-app';

void startExtensionPage(document.getElementById('root'), () => <PopupApp />);
