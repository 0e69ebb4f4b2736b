// The host's entry only imports the bootstrap: the shared singletons load before any of our code runs.
void import('./bootstrap');
