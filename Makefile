# Cadence's front door. `make run` and `make test` each set up what they need (Scripts/bootstrap).
SWIFT ?= swift

.PHONY: run test build bootstrap clean shots

bootstrap:
	@bash Scripts/bootstrap

build: bootstrap
	$(SWIFT) build -c release --product cadence

run: build
	@bash Scripts/run $(ARGS)

shots: build
	@bash Scripts/shots

test: bootstrap
	$(SWIFT) test

clean:
	rm -rf .build out
