// Self-hosted fonts (no CDN): the CSP allows fonts from our own origin only. Only the weights the
// theme uses; each face has a unicode-range, so a page downloads only the subsets its text needs,
// and fonts.css's small faces serve plain English text. fonts.css declares DM Sans's faces itself.
import '@fontsource/barlow/600.css';
import '@fontsource/barlow/700.css';
import './fonts.css';
