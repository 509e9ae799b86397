"""LZString against the JavaScript original (the npm package ``lz-string``,
which SudokuPad uses), run by Node: what the ``lzstring`` package compresses,
Node decompresses, and what Node compresses, our `lzcodec` decompresses and the
package compresses to the very same base64. The texts are SudokuPad link JSON
of every size and random text, non-ASCII and astral characters included.

The package is looked for in the ``node_modules`` folder that the environment
variable ``SQUIGGLY_LZSTRING_NODE_PATH`` names; without it, it is installed once
a session with ``npm install``. Without Node or npm the tests fail, not skip.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
from pathlib import Path

import pytest
from lzstring import LZString

from squiggly_cp.core.puzzle import MAX_SIZE, MIN_SIZE, Puzzle
from squiggly_cp.formats.lzcodec import decompress_base64
from squiggly_cp.formats.sudokupad import LINK_PREFIX, sudokupad_json, sudokupad_link, utf16_units
from squiggly_cp.make.regionmaps import random_layout  # what make.generate re-exports

ENV = "SQUIGGLY_LZSTRING_NODE_PATH"
PACKAGE = "lz-string@1.5.0"  # the newest release; SudokuPad's codec has not changed since 1.4
HOW = "install Node.js and npm (Debian: apt-get install nodejs npm)"

# Reads {"compress": [...], "decompress": [...]} on stdin, answers with both done.
SCRIPT = """
const LZString = require(require('path').join(process.env.LZSTRING_MODULES, 'lz-string'));
let input = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', chunk => { input += chunk; });
process.stdin.on('end', () => {
  const job = JSON.parse(input);
  process.stdout.write(JSON.stringify({
    compressed: job.compress.map(text => LZString.compressToBase64(text)),
    decompressed: job.decompress.map(data => LZString.decompressFromBase64(data)),
  }));
});
"""


@pytest.fixture(scope="session")
def node_modules(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A node_modules folder holding lz-string: the environment's, or a fresh install."""
    if not shutil.which("node"):
        pytest.fail(f"node is not installed, and the LZString tests need it: {HOW}")
    if os.environ.get(ENV):
        folder = Path(os.environ[ENV])
        if not (folder / "lz-string" / "package.json").is_file():
            pytest.fail(f"{ENV}={folder} holds no lz-string package (npm install --prefix DIR lz-string)")
        return folder
    npm = shutil.which("npm")
    if not npm:
        pytest.fail(f"npm is not installed, and the LZString tests need it to fetch lz-string: {HOW}")
    prefix = tmp_path_factory.mktemp("lz-string")
    done = subprocess.run(
        [npm, "install", "--prefix", str(prefix), "--no-audit", "--no-fund", "--silent", PACKAGE],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    if done.returncode:
        pytest.fail(f"npm install {PACKAGE} failed ({done.returncode}): {done.stderr.strip()[-2000:]}")
    return prefix / "node_modules"


def _texts() -> list[str]:
    """SudokuPad link JSON of every size (as `sudokupad_link` compresses it), then random text."""
    rng = random.Random(4069)
    texts = []
    for n in range(MIN_SIZE, MAX_SIZE + 1):
        puzzle = Puzzle(
            n, [rng.choice([0, 0, rng.randint(1, n)]) for _ in range(n * n)], random_layout(rng, n)
        )
        meta = {"title": f"Größe {n} 🧩", "author": "Ａ. Setter", "rules": "Normal rules.\nJigsaw regions."}
        solution = [rng.randint(1, n) for _ in range(n * n)]
        doc = sudokupad_json(puzzle, **meta, solution=solution)
        texts.append(json.dumps(doc, ensure_ascii=False, separators=(",", ":")))
        assert sudokupad_link(puzzle, **meta, solution=solution) == LINK_PREFIX + LZString.compressToBase64(
            utf16_units(texts[-1])
        )
    alphabets = [
        "abcdefgh {}[]:,\"'0123456789",
        "".join(map(chr, range(32, 256))),
        "äöüßéèñ€–—“”…→✓中文字日本語한국어",
        "🧩😀🎉𝄞𠜎",
        "".join(chr(rng.randrange(0x100, 0xD800)) for _ in range(200))
        + "".join(map(chr, range(0xE000, 0xE100))),
    ]
    texts.append("")
    for k in range(300):
        alphabet = alphabets[k % len(alphabets)] + alphabets[rng.randrange(len(alphabets))]
        texts.append("".join(rng.choice(alphabet) for _ in range(rng.choice([1, 5, 40, 300, 2000]))))
    texts.append("ab" * 3000 + "🧩" * 500)  # long repeats: wide dictionary codes
    return texts


@pytest.fixture(scope="module")
def agreement(node_modules: Path) -> tuple[list[str], list[str], list[str], list[str | None]]:
    """The texts, the package's base64 of each, Node's base64 of each, and Node's
    reading of the package's base64: one Node process for them all."""
    texts = _texts()
    ours = [LZString.compressToBase64(utf16_units(text)) for text in texts]
    job = json.dumps({"compress": texts, "decompress": ours})  # ASCII: astral characters as \\u pairs
    done = subprocess.run(
        ["node", "-e", SCRIPT],
        input=job,
        capture_output=True,
        text=True,
        encoding="utf-8",
        env={**os.environ, "LZSTRING_MODULES": str(node_modules)},
        timeout=300,
        check=False,
    )
    if done.returncode:
        pytest.fail(f"node failed ({done.returncode}): {done.stderr.strip()[-2000:]}")
    answer = json.loads(done.stdout)
    return texts, ours, answer["compressed"], answer["decompressed"]


def test_node_reads_what_python_writes(agreement):
    texts, _, _, decompressed = agreement
    wrong = [k for k, (text, back) in enumerate(zip(texts, decompressed, strict=True)) if text != back]
    assert not wrong, f"{len(wrong)} texts differ, the first {texts[wrong[0]][:60]!r}"


def test_python_writes_what_node_writes(agreement):
    texts, ours, theirs, _ = agreement
    wrong = [k for k, (a, b) in enumerate(zip(ours, theirs, strict=True)) if a != b]
    assert not wrong, f"{len(wrong)} texts compress differently, the first {texts[wrong[0]][:60]!r}"


def test_our_decoder_reads_what_node_writes(agreement):
    texts, _, theirs, _ = agreement
    wrong = [
        k for k, (text, data) in enumerate(zip(texts, theirs, strict=True)) if decompress_base64(data) != text
    ]
    assert not wrong, f"{len(wrong)} texts decode wrongly, the first {texts[wrong[0]][:60]!r}"
