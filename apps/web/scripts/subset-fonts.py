# Writes the console's first-load fonts (src/assets/fonts/*.woff2) from the @fontsource files the
# console depends on, and prints the size-adjusted fallback metrics that src/theme/fonts.css uses.
# Each file keeps ASCII and the punctuation the console's texts use (· – — ‘ ’ “ ” • …) plus an
# empty zero-width space; its CSS range starts at U+0000 like @fontsource's, else the markup's
# newlines alone fetch the full file. Any other character still loads @fontsource's full latin or
# latin-ext file through its unicode-range. DM Sans keeps its weight axis from 400 to 800, the
# weights the theme uses.
# Needs fontTools with brotli (Debian: apt-get install python3-fonttools python3-brotli).
# Run after upgrading @fontsource: /usr/bin/python3 apps/web/scripts/subset-fonts.py
import io
import os
import sys

from fontTools import subset
from fontTools.ttLib import TTFont
from fontTools.ttLib.tables._g_l_y_f import Glyph
from fontTools.varLib import instancer

ROOT = os.path.normpath(os.path.join(os.path.dirname(__file__), '..', '..', '..'))
MODULES = os.path.join(ROOT, 'node_modules')
OUT = os.path.join(ROOT, 'apps', 'web', 'src', 'assets', 'fonts')
# Keep in step with the unicode-range of the faces in src/theme/fonts.css, which starts at U+0000
# (control characters have no glyph to keep).
CORE = 'U+0020-007E,U+00A0,U+00B7,U+2013-2014,U+2018-2019,U+201C-201D,U+2022,U+2026'
# Fallback metrics are taken over the console's typical text, not single letters.
SAMPLE = 'Use the e-mail address and password of your staff account. New to the console? Create an organisation. Appointments Patients Doctors 0123456789'

FONTS = [
    # (output, source, variable axis limits or None)
    ('dm-sans-core-wght.woff2', '@fontsource-variable/dm-sans/files/dm-sans-latin-wght-normal.woff2', {'wght': (400, 800)}),
    ('barlow-core-600.woff2', '@fontsource/barlow/files/barlow-latin-600-normal.woff2', None),
    ('barlow-core-700.woff2', '@fontsource/barlow/files/barlow-latin-700-normal.woff2', None),
]


def sample_width(font: TTFont, at=None) -> float:
    if at is not None:
        font = instancer.instantiateVariableFont(font, at)
    cmap = font.getBestCmap()
    metrics = font['hmtx'].metrics
    units = font['head'].unitsPerEm
    return sum(metrics[cmap[ord(char)]][0] for char in SAMPLE) / units


def fallback(name: str, font: TTFont, reference: str, at=None) -> None:
    ref = TTFont(reference)
    adjust = sample_width(font, at) / sample_width(ref)
    hhea = font['hhea']
    units = font['head'].unitsPerEm
    print(f'{name}: size-adjust {adjust * 100:.2f}%; ascent-override {hhea.ascent / units / adjust * 100:.2f}%; '
          f'descent-override {-hhea.descent / units / adjust * 100:.2f}%; line-gap-override {hhea.lineGap / units / adjust * 100:.2f}%')


def add_zero_width_space(font: TTFont) -> None:
    """An empty, zero-advance U+200B: MUI's outlined inputs draw one in their notch and no
    @fontsource file has it; this face claims it (fonts.css), so it must draw it."""
    name = 'uni200B'
    font['glyf'].glyphs[name] = Glyph()
    font['glyf'].glyphOrder.append(name)
    font.setGlyphOrder(font['glyf'].glyphOrder)
    font['hmtx'].metrics[name] = (0, 0)
    if 'gvar' in font:
        font['gvar'].variations[name] = []
    # The advance deltas are read from the outlines' phantom points instead.
    if 'HVAR' in font:
        del font['HVAR']
    for table in font['cmap'].tables:
        if table.isUnicode():
            table.cmap[0x200B] = name


def main() -> None:
    os.makedirs(OUT, exist_ok=True)
    for output, source, axes in FONTS:
        font = TTFont(os.path.join(MODULES, source))
        if axes:
            font = instancer.instantiateVariableFont(font, axes)
        options = subset.Options()
        options.flavor = 'woff2'
        options.hinting = False
        options.layout_features = ['*']
        subsetter = subset.Subsetter(options)
        subsetter.populate(unicodes=subset.parse_unicodes(CORE))
        subsetter.subset(font)
        add_zero_width_space(font)
        data = io.BytesIO()
        font.flavor = 'woff2'
        font.save(data)
        with open(os.path.join(OUT, output), 'wb') as file:
            file.write(data.getvalue())
        print(f'{output}: {len(data.getvalue())} bytes')

    liberation = '/usr/share/fonts/truetype/liberation'
    dm_sans = TTFont(os.path.join(MODULES, FONTS[0][1]))
    fallback('DM Sans Fallback (Arial)', dm_sans, os.path.join(liberation, 'LiberationSans-Regular.ttf'), {'wght': 400})
    fallback('Barlow Fallback (Arial Bold)', TTFont(os.path.join(MODULES, FONTS[2][1])), os.path.join(liberation, 'LiberationSans-Bold.ttf'))


if __name__ == '__main__':
    sys.exit(main())
