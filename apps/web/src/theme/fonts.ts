// Self-hosted fonts (no CDN): the CSP allows fonts from our own origin only.
import '@fontsource-variable/dm-sans';
import '@fontsource/barlow/500.css';
import '@fontsource/barlow/600.css';
import '@fontsource/barlow/700.css';
