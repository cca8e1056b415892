from kolaps_print.cli import main

main()
