"""R-TRN-3: allowances belong to the combatant whose turn it is."""

from helpers import duel


def test_R_TRN_3_forced_act_out_of_turn_spends_nothing_of_the_actor(run, encounter):
    path = encounter(duel())
    assert run("roll-initiative", path, "--dice", "15,3").code == 0  # hero 17, orc 3
    forced = run("attack", path, "orc", "hero", "--force", "--dice", "2")
    assert forced.code == 0, forced.err
    own = run("attack", path, "hero", "orc", "--dice", "2")
    assert own.code == 0, own.err
    again = run("attack", path, "hero", "orc", "--dice", "2")
    assert again.code == 3 and "R-TRN-3" in again.err
