// Every Mantine component's styles (in the `mantine` cascade layer, under the console's own
// rules), loaded after the first screen: main.tsx brings only what the login screen draws.
import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
