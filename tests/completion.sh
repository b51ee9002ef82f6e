#!/bin/bash
# completion.sh -- the bash completion (completion/nhref, issue 15 item 2):
# commands, models, options (from each command's --help), parameter and state
# names as NAME=, schemes, first integrals, golden cases MODEL/CASE.  The names
# expected are the models' own, from docs/models (e.g. the sleigh's m, J, a).
. "$(dirname "$0")/testlib.sh"
top_srcdir=$(cd "${top_srcdir:-..}" && pwd)

bc=
for f in "$(pkg-config --variable=prefix bash-completion 2>/dev/null)/share/bash-completion/bash_completion" \
    /usr/share/bash-completion/bash_completion; do
    [ -r "$f" ] && { bc=$f; break; }
done
[ -n "$bc" ] || { echo "SKIP: bash-completion not installed (Debian: bash-completion)"; exit 77; }
# shellcheck disable=SC1090
. "$bc"
# shellcheck disable=SC1091
. "$top_srcdir/completion/nhref"
complete -p nhref > /dev/null 2>&1 && ok || bad "no completion registered for nhref"
export NHREF_CASES_DIR=$top_srcdir/data/cases

# complete LINE: the candidates for the last word of LINE (a trailing space
# starts a new, empty word), one per line
complete_line() {
    local line=$1
    read -r -a COMP_WORDS <<< "$line"
    [[ $line == *" " ]] && COMP_WORDS+=("")
    COMP_WORDS[0]=$NHREF
    COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
    COMP_LINE="$NHREF ${line#nhref }"
    COMP_POINT=${#COMP_LINE}
    COMPREPLY=()
    _nhref 2>/dev/null
    printf '%s\n' "${COMPREPLY[@]}"
}

# expect LINE WORD...: every WORD is among the candidates
expect() {
    local line=$1 got w
    shift
    got=$(complete_line "$line")
    for w in "$@"; do
        if grep -qxF -- "$w" <<< "$got"; then ok; else bad "'$line<TAB>': no '$w' in: $(echo $got | cut -c1-200)"; fi
    done
}
# expect_only LINE WORD...: exactly these candidates (in any order)
expect_only() {
    local line=$1 got want
    shift
    got=$(complete_line "$line" | sort | tr '\n' ' ')
    want=$(printf '%s\n' "$@" | sort | tr '\n' ' ')
    [ "$got" = "$want" ] && ok || bad "'$line<TAB>': got '$got', want '$want'"
}

expect "nhref " list describe run golden lyapunov verify
expect_only "nhref r" run
expect "nhref -" --help --version
expect "nhref run " chaplygin_sleigh skater suslov_servo servosleigh hcat gv_wheels hh_a_dalembert
expect_only "nhref run chaplygin_s" chaplygin_sleigh
expect "nhref run chaplygin_sleigh --" --digits --dt-out --t-end --param --init --fast --stop-when --output --quiet
expect "nhref lyapunov skater --" --times --method --components --project --quiet --scheme --order
expect "nhref run skater --" --times --t-start --format --rigorous --fast
expect_only "nhref run skater --format " csv jsonl
expect "nhref verify t.csv chaplygin_sleigh --" --min-digits --golden --digits
expect_only "nhref run chaplygin_sleigh -p " m= J= a=
expect_only "nhref run chaplygin_sleigh --param J" J=
expect_only "nhref run chaplygin_sleigh -i " x= y= phi= v= omega=
expect_only "nhref run skater --init Om" Omega1= Omega2=
expect_only "nhref verify t.csv chaplygin_sleigh -p " m= J= a=
expect "nhref verify t.csv chaplygin_sleigh --" --define --chart --angles
expect_only "nhref verify t.csv chaplygin_sleigh --chart " com cartesian momenta
expect_only "nhref verify t.csv chaplygin_sleigh --angles " wrapped unwrapped wrapped=
expect "nhref run chaplygin_sleigh --scheme " taylor gauss
expect_only "nhref lyapunov skater --method " tangent benettin
expect_only "nhref lyapunov skater --project " E J1 J2
expect_only "nhref lyapunov skater --components theta,Om" theta,Omega1 theta,Omega2
expect "nhref describe " chaplygin_sleigh skater
expect "nhref verify t.csv " chaplygin_sleigh one_wheel
expect "nhref golden chaplygin" chaplygin_sleigh/
expect_only "nhref golden chaplygin_sleigh/PUB" chaplygin_sleigh/PUB-1 chaplygin_sleigh/PUB-2 chaplygin_sleigh/PUB-3
expect "nhref golden skater/" skater/C1 skater/fall-A1-0.1
# issue 25: every command, help COMMAND, golden names after --golden, sweep and catalogue
expect "nhref " sweep catalogue cache help
expect_only "nhref help " list describe run golden lyapunov verify sweep catalogue cache
expect_only "nhref help s" sweep
expect_only "nhref verify t.csv --golden chaplygin_sleigh/PUB" chaplygin_sleigh/PUB-1 chaplygin_sleigh/PUB-2 chaplygin_sleigh/PUB-3
expect "nhref verify t.csv --golden chap" chaplygin_sleigh/
expect "nhref verify t.csv -g skater/" skater/C1 skater/fall-A1-0.1
expect_only "nhref sweep x.sweep --command " run lyapunov
expect "nhref sweep x.sweep --" --shard --resume --list --command --output
expect "nhref catalogue out --" --cases --tsv --json
expect "nhref cache --" --clear --build --dir
expect "nhref verify t.csv --" --map --sep --json --junit --golden
# an option's value is not taken for the model: the model after --sep , and --json FILE
expect_only "nhref verify t.csv --sep , chaplygin_sleigh -p " m= J= a=
expect_only "nhref verify t.csv --json r.json chaplygin_sleigh -i om" omega=
# files for file arguments: the sweep file, verify's trajectory, --json's file
mkdir -p "$tmp/files" && cd "$tmp/files" && touch a.sweep b.cases traj.csv notes.txt && mkdir -p outdir
expect_only "nhref sweep " a.sweep b.cases outdir
expect "nhref verify " traj.csv notes.txt
expect "nhref verify t.csv chaplygin_sleigh --json " traj.csv notes.txt
expect_only "nhref catalogue " outdir
cd - > /dev/null || exit 1
# nothing after the model of run (one model only)
expect_only "nhref run chaplygin_sleigh "

summary completion
