#!/usr/bin/python3
"""Make typeface/fonts/NotoSansCJKjp-Regular-subset.otf, once, by hand.

The pictures' CJK face is Noto Sans CJK JP Regular (Debian's fonts-noto-cjk,
SIL OFL 1.1) cut down to the characters a label or text pool may use: the
Han of GB 2312, JIS X 0208 and KS X 1001 (10,182), the 2,350 Hangul
syllables of KS X 1001, the kana and the CJK punctuation. Hinting, layout
features and vertical metrics are dropped: pictures are set horizontally
and unhinted. Run it with Debian's python3 and python3-fonttools:

    apt-get install fonts-noto-cjk python3-fonttools
    /usr/bin/python3 scripts/subset-cjk.py [NotoSansCJK-Regular.ttc]
"""
import subprocess
import sys
import tempfile

SOURCE = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"  # face 0 is JP
OUT = "typeface/fonts/NotoSansCJKjp-Regular-subset.otf"


def encodes(cp, codec):
    try:
        chr(cp).encode(codec)
        return True
    except UnicodeEncodeError:
        return False


def characters():
    cps = set()
    for cp in range(0x4E00, 0xA000):
        if any(encodes(cp, c) for c in ("gb2312", "iso2022_jp", "iso2022_kr")):
            cps.add(cp)
    cps |= {cp for cp in range(0xAC00, 0xD7A4) if encodes(cp, "iso2022_kr")}
    cps |= set(range(0x3001, 0x3040))  # CJK punctuation (not the ideographic space)
    cps |= set(range(0x3041, 0x3097)) | set(range(0x3099, 0x3100))  # hiragana
    cps |= set(range(0x30A0, 0x3100))  # katakana
    return sorted(cps)


def main():
    cps = characters()
    source = sys.argv[1] if len(sys.argv) > 1 else SOURCE
    with tempfile.NamedTemporaryFile("w", suffix=".txt") as f:
        f.write("\n".join("U+%04X" % cp for cp in cps))
        f.flush()
        subset(source, f.name)
    print("%s: %d characters" % (OUT, len(cps)))


def subset(source, unicodes):
    subprocess.run([
        sys.executable, "-m", "fontTools.subset", source, "--font-number=0",
        "--unicodes-file=" + unicodes,
        "--output-file=" + OUT, "--layout-features=", "--no-hinting",
        "--drop-tables+=vhea,vmtx,VORG",
    ], check=True)


if __name__ == "__main__":
    main()
