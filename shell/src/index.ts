// The host's entry only imports the bootstrap: the shared singletons load before any of our code runs.
// It also starts fetching remotes.json, which the bootstrap needs, and antd's stylesheet, which the first
// render waits for (antd-stylesheet.ts), while the scripts load.
import { addAntdStylesheet } from './antd-stylesheet';
import { startRemotesFileRequest } from './deployment/early-fetch';

startRemotesFileRequest();
const stylesheet = addAntdStylesheet();
void import('./bootstrap').then(({ main }) => main(stylesheet));
