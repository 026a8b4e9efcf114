#!/bin/sh
# exported-symbols.sh LIB
#   The shared library exports only carc_* symbols (plus the version nodes
#   CARCVAR_* themselves), every one in a CARCVAR_* version node, and none
#   of the library-internal carc__* helpers.  Functions added after 0.1.0
#   must sit in their own node (listed in NODE_OF below), not in CARCVAR_0.
set -u
lib=$1
command -v nm >/dev/null 2>&1 || { echo "nm not installed: skipped"; exit 77; }
syms=$(nm -D --defined-only "$lib") || { echo "nm failed on $lib"; exit 1; }
bad=0
count=0
for s in $(printf '%s\n' "$syms" | awk '{print $NF}'); do
    name=${s%%@*}
    case $name in
    CARCVAR_*) continue ;;
    carc__*) echo "internal symbol exported: $s"; bad=$((bad + 1)); continue ;;
    carc_*) ;;
    *) echo "foreign symbol exported: $s"; bad=$((bad + 1)); continue ;;
    esac
    count=$((count + 1))
    case $s in
    *@@CARCVAR_*) ;;
    *) echo "symbol without the CARCVAR version node: $s"; bad=$((bad + 1)); continue ;;
    esac
    # NODE_OF: the version node of each function added after 0.1.0
    case $name in
    carc_game_write_public_record) want=CARCVAR_0.2 ;;
    carc_game_tokens) want=CARCVAR_0.3 ;;
    carc_game_explain|carc_game_explain_text|carc_setup_init|carc_game_new_setup|\
    carc_game_setup|carc_game_set_aside|carc_game_play_scores|carc_game_turn_points|\
    carc_board_view_init|carc_game_board_view)
        want=CARCVAR_0.3 ;;
    carc_record_html) want=CARCVAR_0.3 ;;
    carc_score_reason_name) want=CARCVAR_0.3 ;;
    carc_game_figure_role) want=CARCVAR_0.3 ;;
    carc_game_held_tiles) want=CARCVAR_0.4 ;;
    carc_game_tile_overlay) want=CARCVAR_0.4 ;;
    carc_game_figure_position) want=CARCVAR_0.5 ;;
    carc_game_apply_outcome) want=CARCVAR_0.5 ;;
    carc_game_decision_feature) want=CARCVAR_0.5 ;;
    carc_game_hand_view|carc_options_set_rule_explain|carc_options_explain) want=CARCVAR_0.6 ;;
    carc_game_dragon|carc_game_structure) want=CARCVAR_0.6 ;;
    carc_game_dungeon) want=CARCVAR_0.7 ;;
    carc_game_play_random|carc_random_playouts|carc_game_observation) want=CARCVAR_0.7 ;;
    carc_game_throws) want=CARCVAR_0.7 ;;
    carc_game_catapult) want=CARCVAR_0.7 ;;
    carc_game_last_throw) want=CARCVAR_0.8 ;;
    carc_game_snapshot) want=CARCVAR_0.8 ;;
    *) want=CARCVAR_0 ;;
    esac
    if [ "${s#*@@}" != "$want" ]; then
        echo "symbol in the wrong version node: $s (want $want)"
        bad=$((bad + 1))
    fi
done
if [ $count -eq 0 ]; then
    echo "no carc_* symbol exported by $lib"
    exit 1
fi
if [ $bad -ne 0 ]; then
    echo "$bad bad exported symbol(s) in $lib"
    exit 1
fi
echo "$count carc_* symbols exported, all versioned; nothing else"
exit 0
