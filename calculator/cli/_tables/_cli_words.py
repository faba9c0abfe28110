"""The command line's languages; generated, do not edit.

Written by tools/make_cli_words.py from locales/*.json.
"""

#: English first (the default); each one's words are _cli_words_<language>.py.
LANGUAGES = ("en", "pt", "de", "it", "pl")
