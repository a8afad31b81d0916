# zsh -f zcomplete.zsh FPATH_DIR WORDS: what an interactive zsh (compinit,
# FPATH_DIR first on fpath) puts on the line for "rdmatop WORDS<Tab>"
zmodload zsh/zpty || exit 2
zpty z zsh -f -i
zpty -w z "PS1='> '; fpath=($1 \$fpath); autoload -Uz compinit; compinit -u -D; print RE''ADY"
zpty -r -m z out '*READY*' || exit 3
zpty -w -n z "rdmatop $2"$'\t'
sleep 0.5
# Ctrl-A, then print the line as completed
zpty -w z $'\x01print -r -- RESULT: \x05'
zpty -r -m z out '*RESULT: rdmatop*'$'\n' || exit 4
out=${${out##*RESULT: }%%$'\r'*}
print -r -- "${out% }"
zpty -d z
