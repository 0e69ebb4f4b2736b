// The host's entry only imports the bootstrap: the shared singletons load before any of our code runs.
// It also starts fetching remotes.json, which the bootstrap needs, while the scripts load.
import { startRemotesFileRequest } from './deployment/early-fetch';

startRemotesFileRequest();
void import('./bootstrap');
