// A remote's standalone dev server (`npm run dev -w mf-billing`): the shared singletons must load first.
import('./bootstrap.js');
