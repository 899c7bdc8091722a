# bash completion for mancala(1): the commands, each command's flags (read
# from `mancala COMMAND --help`), the built-in variants, the options of
# the variant named on the line, players, features and files. Installed by
# `make install` as share/bash-completion/completions/mancala.

_mancala_variant()
{
    # the first argument after the command that is not a flag or a value
    local i w skip=0
    for ((i = 2; i < COMP_CWORD; i++)); do
        w=${COMP_WORDS[i]}
        if ((skip)); then skip=0; continue; fi
        case $w in
            --*=*) ;;
            --search) [[ ${COMP_WORDS[1]} == list ]] && skip=1 ;;
            --json|--all|--events|--plan|--verbose|--animate|--no-warnings|--stores-apart|--help|-h) ;;
            -o|--*) skip=1 ;;
            *) printf '%s\n' "$w"; return ;;
        esac
    done
}

_mancala()
{
    local bin=${COMP_WORDS[0]} cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}
    local cmds="list show validate perft replay play match stats solve bench"
    COMPREPLY=()
    if ((COMP_CWORD == 1)); then
        COMPREPLY=($(compgen -W "$cmds --help --version" -- "$cur"))
        return
    fi
    local cmd=${COMP_WORDS[1]} v
    case $prev in
        --south|--north)
            COMPREPLY=($(compgen -W "human random greedy alphabeta alphabeta:time= alphabeta:depth= alphabeta:db= mcts mcts:time= mcts:playouts=" -- "$cur"))
            return ;;
        --color)
            COMPREPLY=($(compgen -W "auto always never" -- "$cur"))
            return ;;
        --feature)
            COMPREPLY=($(compgen -W "$("$bin" list --feature '?' 2>&1 | awk 'NR > 1 { print $1 }')" -- "$cur"))
            return ;;
        --from|--record|--load|--plot|--checkpoint)
            COMPREPLY=($(compgen -f -- "$cur"))
            return ;;
        --db)
            COMPREPLY=($(compgen -d -- "$cur"))
            return ;;
        --option|-o)
            v=$(_mancala_variant)
            [[ -n $v ]] || return
            COMPREPLY=($(compgen -W "$("$bin" show "$v" 2>/dev/null |
                awk '/^Options/ { on = 1; next } on && /^$/ { exit } on && /^  [a-z0-9-]+ = / { print $1 "=" }')" -- "$cur"))
            compopt -o nospace 2>/dev/null
            return ;;
        --seed|--games|--seconds|--perft|--rows|--region|--search|--jobs|--memory|--endgame)
            [[ $prev == --search && $cmd != list ]] || return ;;
    esac
    if [[ $cur == -* ]]; then
        COMPREPLY=($(compgen -W "$("$bin" "$cmd" --help 2>/dev/null | grep -o -- '--[a-z-]*' | sort -u) --help" -- "$cur"))
        return
    fi
    case $cmd in
        list) ;;
        validate) COMPREPLY=($(compgen -f -- "$cur")) ;;
        show|perft|replay|play|match|stats|solve|bench)
            [[ -z $(_mancala_variant) ]] || return
            COMPREPLY=($(compgen -W "$("$bin" list 2>/dev/null | awk '{ print $1 }')" -- "$cur") $(compgen -f -X '!*.y*ml' -- "$cur")) ;;
    esac
}
complete -F _mancala mancala
