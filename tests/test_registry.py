"""The one registry of game families: filled from the ``tablerummy.variants`` entry points,
read by everything else, and the only way in to a family's internals (issue 26)."""

from __future__ import annotations

import ast
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

from tablerummy import get_variant, registry
from tablerummy.bots import bot_names, get_bot
from tablerummy.errors import OptionError
from tablerummy.family import Family
from tablerummy.present import table_view
from tablerummy.present.words import move_words

SRC = Path(registry.__file__).parent
FAMILIES = ("capone", "ripper", "oklahoma")


def _families_imported(source: str, package: tuple[str, ...]) -> set[str]:
    """The family packages a module of ``package`` (``("tablerummy", "web")``) imports
    from, by relative or absolute imports."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        names: list[str] = []
        if isinstance(node, ast.ImportFrom):
            base = list(package[: len(package) - node.level + 1]) if node.level else []
            module = ".".join([*base, *(node.module.split(".") if node.module else [])])
            names = [module] + [f"{module}.{alias.name}" for alias in node.names]
        elif isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        for name in names:
            parts = name.split(".")
            if len(parts) > 1 and parts[0] == "tablerummy" and parts[1] in FAMILIES:
                found.add(parts[1])
    return found


def test_no_module_outside_a_family_imports_its_internals() -> None:
    offenders: dict[str, set[str]] = {}
    for path in sorted(SRC.rglob("*.py")):
        rel = path.relative_to(SRC).as_posix()
        if rel.split("/", 1)[0] in FAMILIES:
            continue
        package = path.relative_to(SRC.parent).parent.parts
        imported = _families_imported(path.read_text(encoding="utf-8"), package)
        if imported:
            offenders[rel] = imported
    assert offenders == {}, "ask the family's plug-in (tablerummy.registry.family_of) instead"


def test_the_import_check_sees_relative_and_absolute_imports() -> None:
    """The walk above can fail: it finds each form a module could use."""
    bots = ("tablerummy", "bots")
    for form in ("from ..capone.cards import NAMES", "from ..ripper import actions",
                 "import tablerummy.oklahoma.melds", "from tablerummy import capone",
                 "def f():\n    from ..oklahoma.cards import IDS\n"):
        assert _families_imported(form, bots), form
    assert _families_imported("from ..registry import family_of\nfrom . import Bot\n"
                              "from .capone_like import x\n", bots) == set()


@pytest.fixture
def toy_family(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A family installed beside tablerummy as its own distribution (a ``.dist-info``
    directory with its entry point on ``sys.path``): capone's rules under another name."""
    (tmp_path / "toyfamily.py").write_text(textwrap.dedent('''
        from tablerummy.capone.plugin import FAMILY as CAPONE
        from tablerummy.capone.variant import Capone


        class ToyCapone(Capone):
            name = "toy-capone"


        class Toy(type(CAPONE)):
            name = "toyfamily"

            def variants(self):
                return (ToyCapone,)


        FAMILY = Toy()
        '''), encoding="utf-8")
    info = tmp_path / "toyfamily-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: toyfamily\nVersion: 0.1\n",
                                   encoding="utf-8")
    (info / "entry_points.txt").write_text(
        "[tablerummy.variants]\ntoy-capone = toyfamily:FAMILY\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    registry.reload()
    yield "toy-capone"
    monkeypatch.undo()
    sys.modules.pop("toyfamily", None)
    registry.reload()


def test_a_family_installed_as_a_distribution_is_found_after_reload(toy_family: str) -> None:
    assert toy_family in registry.variant_names()
    family = registry.family_of(toy_family)
    assert isinstance(family, Family) and family.name == "toyfamily"
    assert registry.family_of("capone").name == "capone"  # the built-in ones are still there
    variant = get_variant(toy_family, {"players": 2})
    assert variant.name == toy_family
    assert "greedy" in bot_names(toy_family)
    get_bot("greedy", variant, 0)
    from tablerummy.game import Game

    view = table_view(variant, Game(variant, seed=3).observation(0))
    assert view["variant"] == toy_family
    assert move_words(variant, "draw stock") == "Draw two from the Case File"


def test_a_family_removed_is_gone_after_reload(toy_family: str,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.undo()  # its directory off sys.path
    registry.reload()
    assert toy_family not in registry.variant_names()
    with pytest.raises(OptionError, match="unknown variant 'toy-capone'"):
        get_variant(toy_family)


def test_an_unknown_variant_is_a_one_line_error_naming_the_installed_ones() -> None:
    for ask in (get_variant, registry.family_of, registry.variant_class, bot_names):
        with pytest.raises(OptionError) as err:
            ask("poker")
        message = str(err.value)
        assert message.startswith("unknown variant 'poker' (variants: arlington, ")
        assert "\n" not in message and message.endswith("ripper)")


def test_a_variant_loads_only_its_own_family() -> None:
    """Greedy and search bots, the table view, the menu and the faces of ``capone``:
    no other family is imported (each is found through its own entry point)."""
    script = textwrap.dedent("""
        import sys
        from random import Random
        from tablerummy import Game, get_variant
        from tablerummy.bots import Sampler, get_bot
        from tablerummy.present import table_view
        from tablerummy.present.moves import move_menu
        from tablerummy.web.affordances import card_faces

        variant = get_variant("capone")
        game = Game(variant, seed=1)
        table_view(variant, game.observation(0))
        move_menu(variant, game.legal_texts())
        card_faces(variant)
        get_bot("greedy", variant, 0).choose(game.observation(0), game.legal_actions())
        bot = get_bot("ismcts:iterations=5", variant, 0)
        bot.sampler = Sampler(game.state, 0, Random(1))
        bot.choose(game.observation(0), game.legal_actions())
        print(sorted({m.split(".")[1] for m in sys.modules
                      if m.startswith(("tablerummy.ripper", "tablerummy.oklahoma"))}))
        """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          check=True)
    assert done.stdout.strip() == "[]", done.stdout + done.stderr
