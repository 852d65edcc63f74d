"""The README is a doorway and docs/ says true things: the README stays one page, every link
between them leads to a page and a heading that exist, and every file, folder or module of
the project they name is there (a path or command renamed in the code fails here)."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
# A backticked path counts as the project's when it starts with one of these.
PROJECT = ("engine", "almanach", "tutorial", "config", "offline", "scripts", "tests", "docs",
           "requirements", "templates", "static", ".ci")


def prose(page: Path) -> str:
    """The page without its fenced code blocks (those are checked as commands below)."""
    return re.sub(r"```.*?```", "", page.read_text(encoding="utf-8"), flags=re.S)


def anchors(page: Path) -> set[str]:
    """GitHub's anchors of the page's headings: lower case, punctuation dropped, '-' for spaces."""
    headings = re.findall(r"^#+ (.+)$", prose(page), flags=re.M)
    return {re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-") for heading in headings}


def test_the_readme_is_one_page():
    words = len((ROOT / "README.md").read_text(encoding="utf-8").split())
    assert words < 1000, f"README.md has {words} words; move the detail to docs/"


def test_the_readme_leads_to_every_docs_page():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    unlinked = [page.name for page in PAGES[1:] if f"](docs/{page.name})" not in readme]
    assert unlinked == []


def test_every_link_leads_to_a_page_and_heading_that_exist():
    broken = []
    for page in PAGES:
        for link in re.findall(r"\]\(([^)\s]+)\)", prose(page)):
            if link.startswith(("http://", "https://")):
                continue
            target, _, fragment = link.partition("#")
            path = (page.parent / target) if target else page
            if not path.exists():
                broken.append(f"{page.name}: {link}")
            elif fragment and path.suffix == ".md" and fragment not in anchors(path):
                broken.append(f"{page.name}: {link} (no such heading)")
    assert broken == []


def named_paths(text: str) -> set[str]:
    paths = set()
    for span in re.findall(r"`([^`\n]+)`", text):
        for token in span.split():
            token = token.strip(",;()[]\"'")
            if token.split("/")[0] in PROJECT and "/" in token and not re.search(r"[<*…]", token):
                paths.add(token.split("#")[0].split("?")[0])
    return paths


def named_modules(text: str) -> set[str]:
    modules = set(re.findall(r"python -m ([\w.]+)", text))
    return {name for name in modules if name.split(".")[0] in PROJECT}


def test_every_file_folder_and_module_named_exists():
    missing = []
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        for name in sorted(named_paths(text)):
            if not (ROOT / name).exists():
                missing.append(f"{page.name}: {name}")
        for module in sorted(named_modules(text)):
            base = ROOT / Path(*module.split("."))
            if not (base.with_suffix(".py").is_file() or (base / "__main__.py").is_file()):
                missing.append(f"{page.name}: python -m {module}")
    assert missing == []


def test_every_make_target_named_exists():
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    targets = set(re.findall(r"^([\w-]+):", makefile, flags=re.M))
    named = set()
    for page in PAGES:
        named |= set(re.findall(r"\bmake ([a-z][\w-]*)", page.read_text(encoding="utf-8")))
    assert sorted(named - targets) == []


def test_every_manage_py_command_named_exists():
    ours = {path.stem for root in PROJECT if (ROOT / root).is_dir()
            for path in (ROOT / root).glob("**/management/commands/*.py")
            if not path.stem.startswith("_")}
    django = {"migrate", "collectstatic", "check", "createsuperuser", "runserver"}
    named = set()
    for page in PAGES:
        named |= set(re.findall(r"manage\.py ([a-z_]+)", page.read_text(encoding="utf-8")))
    assert sorted(named - ours - django) == []
