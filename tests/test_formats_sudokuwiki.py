"""SudokuWiki Jigsaw player strings: packed ``J9B…`` links and the older ``jigmap=`` links.

A packed cell is three base-36 characters holding ``(region << 10) + content``:
content 1-9 a given, 529 an empty cell (all nine candidates), 0 empty too,
10-18 a digit the solver placed, 19-528 pencil marks. The empty cell of each
region, worked out by hand (36² = 1296):

    region 0:        529 = 0·1296 + 14·36 + 25 -> "0ep"
    region 1: 1024 + 529 = 1553 = 1·1296 +  7·36 +  5 -> "175"
    region 2: 2048 + 529 = 2577 = 1·1296 + 35·36 + 21 -> "1zl"
    region 3: 3072 + 529 = 3601 = 2·1296 + 28·36 +  1 -> "2s1"
    region 4: 4096 + 529 = 4625 = 3·1296 + 20·36 + 17 -> "3kh"
    region 5: 5120 + 529 = 5649 = 4·1296 + 12·36 + 33 -> "4cx"
    region 6: 6144 + 529 = 6673 = 5·1296 +  5·36 + 13 -> "55d"
    region 7: 7168 + 529 = 7697 = 5·1296 + 33·36 + 29 -> "5xt"
    region 8: 8192 + 529 = 8721 = 6·1296 + 26·36 +  9 -> "6q9"
"""

from __future__ import annotations

import json
import random
import urllib.parse

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lzstring import LZString

from squiggly_cp.core.puzzle import Puzzle, PuzzleError, standard_regions
from squiggly_cp.formats.sudokuwiki import looks_sudokuwiki, parse_sudokuwiki, sudokuwiki_text
from squiggly_cp.make.regionmaps import random_layout

PLAYER = "https://www.sudokuwiki.org/Jigsaw_Sudoku_Player?bd="


def grid(text: str) -> tuple[int, ...]:
    """Nine rows of nine cells: digits, ``.`` for an empty cell."""
    cells = "".join(text.split())
    assert len(cells) == 81
    return tuple(0 if ch == "." else int(ch) for ch in cells)


# ---- standard boxes ----------------------------------------------------------
# Givens: r1c1 = 5 in region 0:                 5 -> "005"
#         r1c9 = 3 in region 2: 2048 + 3 = 2051 = 1·1296 + 20·36 + 35 -> "1kz"
#         r5c5 = 9 in region 4: 4096 + 9 = 4105 = 3·1296 +  6·36 +  1 -> "361"
#         r9c9 = 1 in region 8: 8192 + 1 = 8193 = 6·1296 + 11·36 + 21 -> "6bl"
STANDARD_BD = "J9B" + (
    "005" "0ep" "0ep" "175" "175" "175" "1zl" "1zl" "1kz"
    "0ep" "0ep" "0ep" "175" "175" "175" "1zl" "1zl" "1zl"
    "0ep" "0ep" "0ep" "175" "175" "175" "1zl" "1zl" "1zl"
    "2s1" "2s1" "2s1" "3kh" "3kh" "3kh" "4cx" "4cx" "4cx"
    "2s1" "2s1" "2s1" "3kh" "361" "3kh" "4cx" "4cx" "4cx"
    "2s1" "2s1" "2s1" "3kh" "3kh" "3kh" "4cx" "4cx" "4cx"
    "55d" "55d" "55d" "5xt" "5xt" "5xt" "6q9" "6q9" "6q9"
    "55d" "55d" "55d" "5xt" "5xt" "5xt" "6q9" "6q9" "6q9"
    "55d" "55d" "55d" "5xt" "5xt" "5xt" "6q9" "6q9" "6bl"
)  # fmt: skip
STANDARD_LINK = PLAYER + STANDARD_BD
STANDARD_GIVENS = grid("""
    5.......3
    .........
    .........
    .........
    ....9....
    .........
    .........
    .........
    ........1
""")
STANDARD = Puzzle.standard(STANDARD_GIVENS)

# ---- a jigsaw layout -----------------------------------------------------------
JIGSAW_REGIONS = grid("""
    000000012
    333030112
    453331112
    455531222
    444531122
    664555572
    644477777
    668887877
    666688888
""")
JIGSAW_GIVENS = grid("""
    1........
    ....7....
    4........
    .........
    ....9....
    .......6.
    .3.......
    ...8.....
    ........2
""")
# Givens: r1c1 = 1 in region 0:                 1 -> "001"
#         r2c5 = 7 in region 3: 3072 + 7 = 3079 = 2·1296 + 13·36 + 19 -> "2dj"
#         r3c1 = 4 in region 4: 4096 + 4 = 4100 = 3·1296 +  5·36 + 32 -> "35w"
#         r5c5 = 9 in region 3: 3072 + 9 = 3081 = 2·1296 + 13·36 + 21 -> "2dl"
#         r6c8 = 6 in region 7: 7168 + 6 = 7174 = 5·1296 + 19·36 + 10 -> "5ja"
#         r7c2 = 3 in region 4: 4096 + 3 = 4099 = 3·1296 +  5·36 + 31 -> "35v"
#         r8c4 = 8 in region 8: 8192 + 8 = 8200 = 6·1296 + 11·36 + 28 -> "6bs"
#         r9c9 = 2 in region 8: 8192 + 2 = 8194 = 6·1296 + 11·36 + 22 -> "6bm"
JIGSAW_BD = "J9B" + (
    "001" "0ep" "0ep" "0ep" "0ep" "0ep" "0ep" "175" "1zl"
    "2s1" "2s1" "2s1" "0ep" "2dj" "0ep" "175" "175" "1zl"
    "35w" "4cx" "2s1" "2s1" "2s1" "175" "175" "175" "1zl"
    "3kh" "4cx" "4cx" "4cx" "2s1" "175" "1zl" "1zl" "1zl"
    "3kh" "3kh" "3kh" "4cx" "2dl" "175" "175" "1zl" "1zl"
    "55d" "55d" "3kh" "4cx" "4cx" "4cx" "4cx" "5ja" "1zl"
    "55d" "35v" "3kh" "3kh" "5xt" "5xt" "5xt" "5xt" "5xt"
    "55d" "55d" "6q9" "6bs" "6q9" "5xt" "6q9" "5xt" "5xt"
    "55d" "55d" "55d" "55d" "6q9" "6q9" "6q9" "6q9" "6bm"
)  # fmt: skip
JIGSAW = Puzzle(9, JIGSAW_GIVENS, JIGSAW_REGIONS)


def test_hand_made_standard_boxes() -> None:
    assert len(STANDARD_BD) == 3 + 243
    puzzle = parse_sudokuwiki(STANDARD_LINK)
    assert puzzle.givens == STANDARD_GIVENS
    assert puzzle.regions == standard_regions(9)


def test_hand_made_jigsaw() -> None:
    puzzle = parse_sudokuwiki(PLAYER + JIGSAW_BD)
    assert puzzle.givens == JIGSAW_GIVENS
    assert puzzle.regions == JIGSAW_REGIONS  # labelled in order of first cell already
    assert parse_sudokuwiki(JIGSAW_BD) == puzzle  # bare
    assert parse_sudokuwiki(JIGSAW_BD.lower()) == puzzle  # case does not matter, header included
    assert parse_sudokuwiki(JIGSAW_BD.upper()) == puzzle
    assert parse_sudokuwiki(f"  {PLAYER + JIGSAW_BD}\n") == puzzle


def test_solver_marks_read_as_empty() -> None:
    # r1c2: content 9 + 4 = 13, a 4 the solver placed          -> "00d"
    # r1c3: content 18 + 0b11 = 21, pencil marks 1 and 2         -> "00l"
    # r9c1: 6144 + 18 + 256 = 6418 = 4·1296 + 34·36 + 10, mark 9 -> "4ya"
    # r9c2: 6144 + 0 = 6144 = 4·1296 + 26·36 + 24, content 0     -> "4qo"
    cells = [JIGSAW_BD[3 + 3 * i : 6 + 3 * i] for i in range(81)]
    assert cells[1] == cells[2] == "0ep" and cells[72] == cells[73] == "55d"
    cells[1], cells[2], cells[72], cells[73] = "00d", "00l", "4ya", "4qo"
    assert parse_sudokuwiki("J9B" + "".join(cells)) == JIGSAW


def test_writer_writes_the_hand_made_strings() -> None:
    assert sudokuwiki_text(STANDARD) == STANDARD_LINK
    assert sudokuwiki_text(JIGSAW) == PLAYER + JIGSAW_BD
    assert "\n" not in sudokuwiki_text(JIGSAW)


# ---- links the site wrote ------------------------------------------------------
# The "Double Mirror" jigsaw as a link of SudokuWiki's player (quoted in the
# tests of BlueAnt1/puzzle-coding): untouched empty cells are 529.
DOUBLE_MIRROR = (
    "https://www.sudokuwiki.org/Jigsaw_Sudoku_Player?bd=J9B0ep0ep0ep0ep3kh1751751751750ep0060ep3kh3kh3kh"
    "1750sn1750ep55d36135t3kh35x35u5xt1750ep4qv55d6q96q96q95xt5xt0sk4qr55d4qw6q96q96q95j95xt5ja2dh55d55d"
    "6q96bn6q95xt5j61zl2s155d3yb3yf4cx3yc3ye5xt1zl2s12de2s14cx4cx4cx1zl1kz1zl2s12s12s12s14cx1ky1zl1zl1zl"
)


def test_a_link_of_the_player() -> None:
    puzzle = parse_sudokuwiki(DOUBLE_MIRROR)
    assert puzzle == Puzzle(
        9,
        grid("""
            .........
            .6.....7.
            ..91.52..
            .7......4
            3.8...5.6
            5...3..2.
            ..37.46..
            .2.....3.
            .....2...
        """),
        grid("""
            111123333
            111222333
            142222253
            144666553
            444666555
            744666558
            749999958
            777999888
            777798888
        """),
    )


# SudokuWiki's own "load the puzzle" link of the older jigsaw solver, bd with pencil marks.
OLD_WITH_MARKS = (
    "https://www.sudokuwiki.org/jigsaw.aspx?shape=33&bd=03v0n4u4f4bkb0099g88vanquqfqvq052gpi8c0hge118es2s2s"
    "0210gvameueeesa30s4oa30rajeqeaeoa0ho441m0ma81me6umuma110c843a3q2qg1cc38c41ul005noeofofof803pol0la5sc"
    "sbarara2gpq&jigmap=111118833188888333178583332175552322177752226774755526744495926444999996449966666"
)


def test_an_old_link_with_pencil_marks() -> None:
    assert parse_sudokuwiki(OLD_WITH_MARKS) == Puzzle(
        9,
        grid("""
            1......3.
            ......2..
            .4.5....6
            .........
            ......4.7
            ..8....5.
            ....9....
            .2.....1.
            .........
        """),
        grid("""
            111118833
            188888333
            178583332
            175552322
            177752226
            774755526
            744495926
            444999996
            449966666
        """),
    )


# ---- the older form --------------------------------------------------------------
JIGMAP_1_9 = "".join(str(k + 1) for k in JIGSAW_REGIONS)
JIGMAP_0_8 = "".join(str(k) for k in JIGSAW_REGIONS)
BD_DIGITS = "".join(str(d) for d in JIGSAW_GIVENS)
JIGMAP_LETTERS = "".join("abcdefghi"[k] for k in JIGSAW_REGIONS)


def test_old_form_links() -> None:
    assert JIGMAP_1_9.startswith("111111123") and BD_DIGITS.startswith("100000000")
    spellings = [
        f"https://www.sudokuwiki.org/jigsaw.aspx?shape=33&bd={BD_DIGITS}&jigmap={JIGMAP_1_9}",
        f"http://sudokuwiki.org/Jigsaw.aspx?jigmap={JIGMAP_0_8}&x=1&bd={BD_DIGITS.replace('0', '.')}#top",
        f"www.sudokuwiki.org/jigsaw.aspx?bd={BD_DIGITS}&amp;jigmap={JIGMAP_1_9}",
        f"shape=33&bd={BD_DIGITS}&jigmap={JIGMAP_1_9}",  # the query alone
        # any labels: letters
        f"https://www.sudokuwiki.org/jigsaw.aspx?bd={BD_DIGITS}&jigmap={JIGMAP_LETTERS}",
    ]
    for spelling in spellings:
        assert looks_sudokuwiki(spelling), spelling
        assert parse_sudokuwiki(spelling) == JIGSAW, spelling


def test_old_form_hand_made_pencil_marks() -> None:
    # Per cell (mask << 1) | given, two base-32 characters:
    #   all nine marks: 511 << 1 = 1022 = 31·32 + 30 -> "vu"
    #   given 1: (1 << 1) | 1 = 3                    -> "03"
    #   a 2 the solver placed: 2 << 1 = 4            -> "04" (read as empty)
    #   given 9: (256 << 1) | 1 = 513 = 16·32 + 1    -> "g1"
    bd = "03" + "04" + "vu" * 78 + "g1"
    link = f"https://www.sudokuwiki.org/jigsaw.aspx?shape=33&bd={bd}&jigmap={JIGMAP_1_9}"
    assert parse_sudokuwiki(link) == Puzzle(9, (1,) + (0,) * 79 + (9,), JIGSAW_REGIONS)


# ---- URL-encoded --------------------------------------------------------------------


def test_url_encoded_links() -> None:
    spellings = [
        urllib.parse.quote(STANDARD_LINK, safe=""),  # https%3A%2F%2Fwww...%3Fbd%3DJ9B...
        PLAYER.replace("?bd=", "%3Fbd%3D") + STANDARD_BD,
        "https://www.sudokuwiki.org/Jigsaw_Sudoku_Player?other=1%262&bd%3D" + STANDARD_BD,
        "http://sudokuwiki.org/Jigsaw_Sudoku_Player?lang=en&bd=" + STANDARD_BD + "&x=y#board",
        urllib.parse.quote(urllib.parse.quote(STANDARD_LINK, safe=""), safe=""),  # twice
        urllib.parse.quote(f"https://www.sudokuwiki.org/jigsaw.aspx?bd={BD_DIGITS}&jigmap={JIGMAP_1_9}"),
    ]
    assert "%" in spellings[0] and "%3D" in spellings[0]
    for spelling in spellings:
        assert looks_sudokuwiki(spelling), spelling
        expected = JIGSAW if "jigmap" in spelling else STANDARD
        assert parse_sudokuwiki(spelling) == expected, spelling


# ---- round trip -----------------------------------------------------------------------


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32), st.lists(st.integers(0, 9), min_size=81, max_size=81))
def test_round_trip(seed: int, givens: list[int]) -> None:
    puzzle = Puzzle(9, givens, random_layout(random.Random(seed), 9))
    text = sudokuwiki_text(puzzle)
    assert text.startswith(PLAYER + "J9B") and len(text) == len(PLAYER) + 246
    assert looks_sudokuwiki(text)
    assert parse_sudokuwiki(text) == puzzle
    assert parse_sudokuwiki(text.upper()) == puzzle
    assert parse_sudokuwiki(text.removeprefix(PLAYER)) == puzzle


# ---- refusals -------------------------------------------------------------------------


def with_cell(bd: str, index: int, field: str) -> str:
    """``bd`` (a J9B string) with cell ``index`` (0-based) replaced by ``field``."""
    start = 3 + 3 * index
    return bd[:start] + field + bd[start + 3 :]


@pytest.mark.parametrize(
    ("text", "words", "where"),
    [
        # length
        (STANDARD_BD[:-3], "240 characters after 'J9B', not 243", None),
        (STANDARD_BD + "0ep", "246 characters after 'J9B', not 243", None),
        (PLAYER + STANDARD_BD[:100], "97 characters after 'J9B'", None),
        # a character that is no base-36 digit, in r2c3
        (with_cell(STANDARD_BD, 11, "0e."), "'.' in the J9B string is not a base-36 digit", (2, 3)),
        (with_cell(STANDARD_BD, 11, "0e_"), "'_' in the J9B string is not a base-36 digit", (2, 3)),
        (with_cell(STANDARD_BD, 11, "+ep"), "'+' in the J9B string is not a base-36 digit", (2, 3)),
        # content out of range: 530 = 14·36 + 26 -> "0eq"; 1023 = 28·36 + 15 -> "0sf"
        (with_cell(STANDARD_BD, 0, "0eq"), "cell content 530 is none SudokuWiki writes", (1, 1)),
        (with_cell(STANDARD_BD, 80, "0sf"), "cell content 1023", (9, 9)),
        # region index 9: 9216 + 529 = 9745 = 7·1296 + 18·36 + 25 -> "7ip"
        (with_cell(STANDARD_BD, 40, "7ip"), "region 9, outside 0..8", (5, 5)),
        (with_cell(STANDARD_BD, 40, "zzz"), "region 45, outside 0..8", (5, 5)),
        # r1c1 moved to region 1: region 1 has 10 cells, region 0 8
        (with_cell(STANDARD_BD, 0, "175"), "has 10 cells, not 9", (1, 1)),
        # r1c1 and r9c9 swapped: regions 0 and 8 keep 9 cells but fall apart
        (with_cell(with_cell(STANDARD_BD, 0, "6q9"), 80, "0ep"), "split into 2 separate parts", (1, 1)),
        # other SudokuWiki pages and strings
        (
            "https://www.sudokuwiki.org/sudoku.htm?bd=" + "0" * 81,
            "SudokuWiki's 'sudoku.htm' page, not to its jigsaw player",
            None,
        ),
        ("https://www.sudokuwiki.org/Strategy_Families", "'Strategy_Families' page, not", None),
        ("https://www.sudokuwiki.org/sudoku.htm?bd=S9B03epep0906", "classic sudoku", None),
        ("S9B03epep0906", "classic sudoku puzzle; only jigsaw sudoku (J9B…) is read", None),
        ("https://www.sudokuwiki.org/sudoku.htm?bd=M9B00h01000ep", "of a killer jigsaw puzzle", None),
        ("https://www.sudokuwiki.org/KillerSudoku.aspx?bd=1,2&jigmap=1", "killer cages are not read", None),
        ("shape=33&bd=1,2&jigmap=1", "killer link", None),
        ("J6B" + "0ep" * 36, "6x6 SudokuWiki jigsaw; only 9x9", None),
        ("J9C" + "0ep" * 81, "version C", None),
        ("https://www.sudokuwiki.org/Jigsaw_Sudoku_Player", "has no bd= parameter", None),
        ("https://www.sudokuwiki.org/Jigsaw_Sudoku_Player?bd=" + "0" * 81, "no jigmap=", None),
        ("https://www.sudokuwiki.org/jigsaw.aspx?shape=4&bd=" + "0" * 81, "numbered layout", None),
        # the older form
        (f"shape=33&bd={'0' * 80}&jigmap={JIGMAP_1_9}", "bd= has 80 characters", None),
        (f"bd={'0' * 9}x{'0' * 71}&jigmap={JIGMAP_1_9}", "bd=: 'x' is not a given", (2, 1)),
        (f"bd={'vu' * 3}w0{'vu' * 77}&jigmap={JIGMAP_1_9}", "'w' is not a base-32 digit", (1, 4)),
        (f"bd=vu07{'vu' * 79}&jigmap={JIGMAP_1_9}", "candidate mask 3, not one digit", (1, 2)),
        (f"bd={BD_DIGITS}&jigmap={JIGMAP_1_9[:-1]}", "jigmap= has 80 characters", None),
        (f"bd={BD_DIGITS}&jigmap={JIGMAP_1_9[:-1]}-", "'-' is not a region label", (9, 9)),
        (f"bd={BD_DIGITS}&jigmap=2{JIGMAP_1_9[1:]}", "the layout (jigmap=): the region", (1, 1)),
        (f"bd={BD_DIGITS}&jigmap={JIGMAP_1_9}&bd=", None, None),  # the first bd= counts
        # neither
        ("", "empty", None),
        ("hello", "is not a SudokuWiki jigsaw link", None),
        ("x" * 5000, "5,000 characters long", None),
    ],
)
def test_refusals(text: str, words: str | None, where: tuple[int, int] | None) -> None:
    if words is None:
        assert parse_sudokuwiki(text) == JIGSAW
        return
    with pytest.raises(PuzzleError) as caught:
        parse_sudokuwiki(text)
    error = caught.value
    assert words in error.message
    assert (error.row, error.col) == (where or (None, None))
    assert "\n" not in str(error)
    assert len(error.message) < 260
    assert STANDARD_BD not in error.message and PLAYER not in error.message  # an excerpt at most


def test_a_bad_link_is_quoted_short() -> None:
    link = "https://www.sudokuwiki.org/sudoku.htm?bd=" + "0" * 81
    with pytest.raises(PuzzleError) as caught:
        parse_sudokuwiki(link)
    assert "'https://www.sudokuwiki.org/sud…'" in caught.value.message


@pytest.mark.parametrize("size", [4, 6, 8, 16])
def test_writer_refuses_other_sizes(size: int) -> None:
    puzzle = Puzzle.standard((0,) * size * size, size)
    with pytest.raises(PuzzleError) as caught:
        sudokuwiki_text(puzzle)
    message = caught.value.message
    assert "9x9 only" in message and f"{size}x{size}" in message and "\n" not in message
    for name in ("grid", "line", "fpuzzles", "sudokupad", "solo"):
        assert name in message


# ---- telling it from the other formats -----------------------------------------------------


def test_looks() -> None:
    doc = {"size": 9, "grid": [[{} for _ in range(9)] for _ in range(9)]}
    b64 = LZString.compressToBase64(json.dumps(doc))
    line_puzzle = "".join(str(d) if d else "." for d in JIGSAW_GIVENS) + JIGMAP_1_9
    assert len(line_puzzle) == 162
    yes = [
        STANDARD_LINK,
        STANDARD_BD,
        STANDARD_BD.lower(),
        "  " + STANDARD_LINK + "  ",
        "bd=" + STANDARD_BD,
        "?bd=" + STANDARD_BD,
        "https://www.sudokuwiki.org/sudoku.htm?bd=" + "0" * 81,  # another player: parse refuses it
        "https://sudokuwiki.org/",
        "sudokuwiki.org/Jigsaw_Sudoku_Player?bd=J9B",
        f"bd={BD_DIGITS}&jigmap={JIGMAP_1_9}",
    ]
    no = [
        "",
        "1",
        " ".join(["144"] + ["0"] * 80),  # hdu numbers
        "81 " + " ".join(["16"] * 81),
        line_puzzle,
        line_puzzle.replace(".", "0"),
        "J9B" + line_puzzle[3:],  # a 162-character line that starts J9B
        "J9B" + "0ep" * 80,  # packed, but too short to be sure
        "J9B" + "0ep" * 82,
        "X" + STANDARD_BD,
        STANDARD_BD[:-1] + "-",
        json.dumps(doc),
        b64,
        "https://f-puzzles.com/?load=" + b64,
        "https://sudokupad.app/fpuzzles" + b64,
        "https://sudokupad.app/scl" + b64,
        "https://sudokupad.app/?puzzle=sudokuwiki",
        "https://notsudokuwiki.org/Jigsaw_Sudoku_Player?bd=" + STANDARD_BD,
        "https://sudokuwiki.org.example.com/?bd=" + STANDARD_BD,
        "bd=" + "0" * 81,  # no jigmap=
        "jigmap=" + JIGMAP_1_9,  # no bd=
        "# bd=1&jigmap=2 a comment",
        "0" * 246,
    ]
    for item in yes:
        assert looks_sudokuwiki(item) is True, item
    for item in no:
        assert looks_sudokuwiki(item) is False, item


# ---- fuzz ----------------------------------------------------------------------------------

_PIECES = st.sampled_from(
    [
        PLAYER,
        "https://www.sudokuwiki.org/jigsaw.aspx?",
        "J9B",
        "j9b",
        "bd=",
        "&jigmap=",
        "&shape=33",
        "%",
        "%3D",
        "&",
        "0ep",
        "6q9",
        "zzz",
        ",",
        "#",
        "/",
        "?",
        STANDARD_BD[3:100],
        JIGMAP_1_9,
        BD_DIGITS,
        "vu" * 40,
        "\x00",
        "é",
        "\ud800",
    ]
)


def _check_garbage(text: str) -> None:
    assert looks_sudokuwiki(text) in (True, False)
    try:
        puzzle = parse_sudokuwiki(text)
    except PuzzleError as e:
        assert "\n" not in str(e)
    else:
        assert puzzle.size == 9


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=400))
def test_fuzz_text(text: str) -> None:
    _check_garbage(text)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(_PIECES, st.text(max_size=8)), max_size=12))
def test_fuzz_pieces(pieces: list[str]) -> None:
    _check_garbage("".join(pieces))


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="0123456789abcdefghijklmnopqrstuvwxyzABCZ._-", min_size=243, max_size=243))
def test_fuzz_packed_cells(body: str) -> None:
    _check_garbage("J9B" + body)
    _check_garbage(PLAYER + "J9B" + body)
