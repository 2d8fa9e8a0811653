"""The reference the docs site and `belot explain` share: codes, rules, variants, CLI."""
