// The languages of the statements the check lists (SQL, shell, JSON policies), for src/utils/prism-browser's
// `highlight`, which renders them through the site's code block like the page's own. Prism first: each grammar
// file adds itself to the global it sets.
import {highlight} from '@site/src/utils/prism-browser';
import 'prismjs/components/prism-sql';
import 'prismjs/components/prism-bash';
import 'prismjs/components/prism-json';

export {highlight};
