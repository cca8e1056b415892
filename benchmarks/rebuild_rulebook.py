"""One `rulebook --watch` rebuild, timed in process (the watcher only waits for a save; the
rebuild function is what each save costs).

    python benchmarks/rebuild_rulebook.py OUT.pdf RUNS [--unchanged]
    # prints the median CPU seconds of a rebuild

Each timed rebuild follows a one-word edit of a chapter (a copy of the bundled templates,
templates/rulesets/kolaps/04-actions.md.j2, one word replaced by another word each time: a
designer's save), KOLAPS's full book on A4. --unchanged: rebuilds of unchanged sources (a save
that changed nothing, what this script timed before the sixteenth session).
The first build (imports, fonts) is not counted: a designer pays it once per session.
"""

from __future__ import annotations

import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

CHAPTER = "rulesets/kolaps/04-actions.md.j2"
WORD = " les "  # the first one in the chapter is replaced by another word, a new one each rebuild


def main(out: Path, runs: int, unchanged: bool) -> None:
    from kolaps_print import resources
    from kolaps_print.jobs import rulebook as job
    from kolaps_print.rulebook.watch import rebuild

    with tempfile.TemporaryDirectory() as tmp:
        templates = Path(tmp) / "templates"
        shutil.copytree(resources.bundled("templates"), templates)
        chapter = templates / CHAPTER
        text = chapter.read_text(encoding="utf-8")
        if WORD not in text:
            raise SystemExit(f"no '{WORD.strip()}' in {CHAPTER} to edit")
        options = job.RulebookOptions(templates=(templates / CHAPTER).parent)

        def build():
            return job.write_rulebook(out, options)

        def quiet(_: str) -> None:
            pass

        # As under `kolaps-print rulebook --watch`: the CLI runs every command, the watch loop
        # included, with the data folder found once (cli.main); each rebuild still reads it afresh.
        with resources.data_folder_found_once():
            rebuild(build, str, quiet)
            cpu = []
            for n in range(runs):
                if not unchanged:
                    chapter.write_text(text.replace(WORD, f" mot{n} ", 1), encoding="utf-8")
                start = time.process_time()
                if not rebuild(build, str, quiet).ok:
                    raise SystemExit("the rulebook did not build")
                cpu.append(time.process_time() - start)
    print(statistics.median(cpu))


if __name__ == "__main__":
    main(Path(sys.argv[1]), int(sys.argv[2]), "--unchanged" in sys.argv[3:])
