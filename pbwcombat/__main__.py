from pbwcombat.cli import main

main()
