// Self-hosted fonts (no CDN): the CSP allows fonts from our own origin only. Only the weights the
// theme uses; each @fontsource face has a unicode-range, so a page downloads only the subsets
// its text needs, and fonts.css (declared last, so tried first) serves plain English text.
import '@fontsource-variable/dm-sans/wght.css';
import '@fontsource/barlow/600.css';
import '@fontsource/barlow/700.css';
import './fonts.css';
