import CadenceCLI

CadenceCommand.main()
