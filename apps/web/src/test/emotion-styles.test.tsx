import Box from '@mui/material/Box';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { forgetStyles, keepComputedProperties } from './emotion-styles';

describe('the MUI styles a console test page keeps', () => {
  it('keeps only the properties a computed style is read for, in plain rules and at-rules', () => {
    expect(keepComputedProperties('.css-1{display:flex;padding:8px;color:red;}')).toBe('.css-1{display:flex;}');
    expect(keepComputedProperties('.css-2{padding:8px;}')).toBe('');
    expect(keepComputedProperties('.css-3:hover{pointer-events:none;opacity:0;}')).toBe('.css-3:hover{pointer-events:none;opacity:0;}');
    expect(keepComputedProperties('@media (min-width:600px){.css-4{display:none;margin:0;}.css-5{margin:0;}}')).toBe('@media (min-width:600px){.css-4{display:none;}}');
    expect(keepComputedProperties('@media print{.css-6{margin:0;}}')).toBe('');
    expect(keepComputedProperties('@keyframes spin{0%{opacity:0;}100%{opacity:1;}}')).toBe('');
    expect(keepComputedProperties('.css-7{background-image:url("data:image/svg+xml;base64,AAA");width:250px;}')).toBe('.css-7{width:250px;}');
  });

  it('is what MUI writes into the page, and a file ends with none of it', () => {
    render(
      <Box data-testid="box" sx={{ display: 'none', color: 'rgb(255, 0, 0)', width: 420 }}>
        hidden
      </Box>,
    );
    const style = getComputedStyle(screen.getByTestId('box'));
    expect(style.display).toBe('none');
    expect(style.width).toBe('420px');
    expect(style.color).not.toBe('rgb(255, 0, 0)');
    expect(screen.queryByText('hidden')).not.toBeVisible();
    expect(document.head.querySelectorAll('style[data-emotion]').length).toBeGreaterThan(0);

    forgetStyles();
    expect(document.head.querySelectorAll('style[data-emotion]')).toHaveLength(0);
  });
});
