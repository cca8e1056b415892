"""One `rulebook --watch` rebuild, timed in process (the watcher only waits for a save; the
rebuild function is what each save costs).

    python benchmarks/rebuild_rulebook.py OUT.pdf RUNS   # prints the median CPU seconds of a rebuild

The first build (imports, fonts) is not counted: a designer pays it once per session.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path


def main(out: Path, runs: int) -> None:
    from kolaps_print import resources
    from kolaps_print.jobs import rulebook as job
    from kolaps_print.rulebook.watch import rebuild

    def build():
        return job.write_rulebook(out, job.RulebookOptions())

    def quiet(_: str) -> None:
        pass

    # As under `kolaps-print rulebook --watch`: the CLI runs every command, the watch loop
    # included, with the data folder found once (cli.main); each rebuild still reads it afresh.
    with resources.data_folder_found_once():
        rebuild(build, str, quiet)
        cpu = []
        for _ in range(runs):
            start = time.process_time()
            if not rebuild(build, str, quiet).ok:
                raise SystemExit("the rulebook did not build")
            cpu.append(time.process_time() - start)
    print(statistics.median(cpu))


if __name__ == "__main__":
    main(Path(sys.argv[1]), int(sys.argv[2]))
