"""The Spanish catalogue's messages (R-OUT-5): refusals and errors by key, `msg_<key>`
(errors.PbwError), merged into `ES` by es.py; the other language has the same keys with the same
fields (docs/dev/messages.md)."""

from __future__ import annotations

ES_MESSAGES: dict[str, str] = {
    "msg_png_needs_file_name": "--png necesita el nombre del archivo de la imagen (p. ej. --png "
                               "asalto3.png)",
    "msg_engagement_off":
        "d20 puro (rules.engagement = false): nadie está entablado y no se desentabla; para "
        "salir, `move --withdraw` (retirada) o `move --step` (paso de 5 pies)",
    "msg_cannot_be_written_not_appended":
        "{path}: no se puede escribir ({reason}); no se ha añadido nada ({rule})",
    "msg_add_give_source":
        "add: indica --like OTRO, --from ARCHIVO, --srd NOMBRE o --statblock ARCHIVO ({rule})",
    "msg_add_one_new_id": "add {flag}: indica un ID nuevo",
    "msg_has_nothing_readied": "{name} no tiene ninguna acción preparada",
    "msg_id_not_an_id": "--id: {id} no es un id (a-z, 0-9, _ y -)",
    "msg_party_no_pc": "party save: ningún PJ de {encounter} está en {roster}",
    "msg_ready_action_cost":
        "una acción preparada cuesta una acción estándar, de movimiento o gratuita: "
        "{action} no ({rule})",
    "msg_ready_bad_plan":
        "{value} no es un plan: attack OBJETIVO [--weapon A] [--mod N], action ID "
        "[--target …] o move X,Y ({rule})",
    "msg_ready_bad_trigger":
        "{value} no es un desencadenante: passes, within:N, enters:X,Y[;X,Y…], "
        "moves:ID[,ID…] o acts:ID[,ID…] ({rule})",
    "msg_ready_clear_alone": "ready QUIEN --clear no lleva plan ni --when ({rule})",
    "msg_ready_move_too_far":
        "un movimiento preparado es de hasta la velocidad de {name} ({squares} "
        "casillas), no {cost}",
    "msg_ready_needs_when": "ready necesita --when DESENCADENANTE ({rule})",
    "msg_set_give_who_key_value": "set: da QUIÉN CLAVE VALOR (o rules.CLAVE VALOR)",
    "msg_set_id_unchangeable":
        "el id de un combatiente no se puede cambiar: otras claves y el diario lo nombran",
    "msg_set_name_a_key": "{path}: nombra una de sus claves ({path2}.CLAVE)",
    "msg_set_no_such_entry": "{path}: no existe esa entrada",
    "msg_set_not_a_key":
        "«{key}» no es una clave (un nombre como defense, o una ruta con puntos como saves.will "
        "o weapons.spear.attack)",
    "msg_set_not_a_table": "{path} es un valor, no una tabla",
    "msg_set_nothing_to_change": "nada que cambiar: {where} ya vale {text}",
    "msg_set_one_value": "set {who}: da un solo VALOR (set ARCHIVO rules.CLAVE VALOR)",
    "msg_set_rules_single_names":
        "rules.{key}: las claves de [rules] son nombres sueltos (rules.death_at)",
    "msg_side_go_with_srd": "--side, --roll-hp y --lenient van con --srd o --statblock",
    "msg_side_length": "--side: de 1 a 100 caracteres",
    "msg_srd_none":
        "--srd: ninguna criatura del SRD se llama «{name}» (pbwcombat srd search PALABRA "
        "las lista)",
    "msg_srd_search_none": "srd search: ninguna criatura del SRD tiene «{word}» en su nombre",
    "msg_srd_several": "--srd: «{name}» nombra varias criaturas del SRD: {shown}",
    "msg_statblock_cannot_be_read":
        "{source}: no se puede leer el bloque de estadísticas ({reason})",
    "msg_statblock_no_hit_dice": "add --roll-hp: el bloque de estadísticas no da Dados de Golpe",
    "msg_party_saved": "{roster}: guardado el estado de {names}",
    "msg_warning": "aviso: {problems}",
    "msg_at_after_last_post": "tras el último mensaje",
    "msg_at_post": "mensaje {number} (⛓ {mark}, línea {line})",
    "msg_salt_at_commit":
        "R-LOG-9: se rechaza dice commit --salt: los jugadores eligen la sal después de ver el "
        "compromiso, y el director la pone con `dice salt ARCHIVO SAL` (una sal conocida antes "
        "del compromiso dejaría al director probar semillas)",
    "msg_salt_before_commit":
        "la sal de los jugadores se pone solo después del compromiso: primero dice commit, y "
        "luego la eligen los jugadores",
    "msg_thread_cannot_be_read": "--posts {path}: no se puede leer el hilo ({reason})",
    "msg_verify_post_aborted":
        "su marca es el registro {seq}, que el diario da por abortado (una caída ocurre antes "
        "del mensaje, nunca después)",
    "msg_verify_post_die_none":
        "el dado #{n} se muestra como {face}, pero el diario no guarda esa tirada",
    "msg_verify_post_die_not_rolled":
        "el dado #{n} se muestra como {face}, pero el registro {seq} ({record}) no lo tiró (¿un "
        "dado gastado fuera del registro?)",
    "msg_verify_post_die_other":
        "el dado #{n} se muestra como {face}, pero el registro {seq} ({record}) sacó {rolled}",
    "msg_verify_post_no_record":
        "su marca no es ningún registro del diario (un registro reescrito o quitado)",
    "msg_verify_post_unaccounted":
        "el diario guarda antes el registro {seq} ({record}), que ningún mensaje muestra y que "
        "no se deshizo (¿un dado tirado fuera del hilo?)",
    "msg_verify_post_undo_mark":
        "dice que se deshizo una orden, pero su marca no es un registro de deshacer del diario "
        "(¿se quitó una orden deshecha?)",
    "msg_every_target_down": "todos sus objetivos han caído ({names})",
    "msg_roll_who_dead":
        "aviso: roll --who: {name} está muert{name_g:o/a}; la tirada se registra igualmente "
        "({rule})",
    "msg_roll_who_dying":
        "aviso: roll --who: {name} está moribund{name_g:o/a}; la tirada se registra igualmente "
        "({rule})",
    "msg_roll_who_stable":
        "aviso: roll --who: {name} está inconsciente (estable); la tirada se registra igualmente "
        "({rule})",
    "msg_jobs_no_worker":
        "aviso: --jobs {jobs}: no se pudo iniciar ningún proceso auxiliar ({reason}); los "
        "combates se juegan en uno",
    "msg_pbwcombat_now_beyond_calendar":
        "PBWCOMBAT_NOW: {fixed} queda fuera del calendario en UTC (años 1 a 9999)",
    "msg_sidecar_mode_wider":
        "{path}: sus permisos {mode} son más amplios que los del encuentro ({allowed}); no se "
        "usa (comprueba quién pudo leerlo y después haz chmod {narrowed} sobre él)",
    "msg_sidecar_other_owner":
        "{path}: es de otro usuario (uid {uid}) que el encuentro (uid {owner}); no se usa",
    "msg_energy_energy_damage_negative":
        "hp +N --energy: el daño de energía es negativo (-N) ({rule})",
    "msg_energy_not_energy_kind":
        "--energy: «{energy}» no es un tipo de energía ({kinds}) ({rule})",
    "msg_nonlethal_nonlethal_damage_negative_healing":
        "hp +N --nonlethal: el daño no letal es negativo (-N); la curación lo baja ({rule})",
    "msg_temp_gives_temporary_hit_points":
        "hp --temp da PG temporales: no con --nonlethal ni con --energy ({rule})",
    "msg_temp_temporary_hit_points_are":
        "hp -N --temp: los PG temporales se dan, nunca se quitan; el daño los gasta primero "
        "({rule})",
    "msg_unconscious_nonlethal_damage_above_its":
        "{name} está inconsciente (daño no letal por encima de sus PG) y no puede actuar",
    "msg_foreign": "{reason}",  # a library's own words (click, the journal reader): foreign.py
    "msg_action_cost_provokes_go_text":
        "action: --cost y --provokes van con --text (acciones improvisadas); una acción con "
        "nombre tiene los suyos",
    "msg_action_row_has_cost":
        "action {action}: una fila de la tabla incorporada tiene su propio coste; --cost "
        "va solo con --text ({rule})",
    "msg_action_row_is_command": "action {action}: es una orden aparte: {command} ({rule})",
    "msg_action_row_provokes_optional":
        "action {action}: --provokes va solo con una fila que provoca «a veces», "
        "«normalmente» o «varía» ({rule})",
    "msg_already_prone": "{name} ya está derribad{name_g:o/a}",
    "msg_circumstance_melee_only":
        "{flag} va solo con un ataque cuerpo a cuerpo ({rule})",
    "msg_concealment_value":
        "--concealment lleva un porcentaje de 1 a 100 o total, no {value} ({rule})",
    "msg_hidden_cannot_be_tripped":
        "{name} está escondid{name_g:o/a}: no se puede intentar derribarl{name_g:o/a} "
        "(atácal{name_g:o/a} con --concealment total)",
    "msg_hidden_needs_total_concealment":
        "{name} está escondid{name_g:o/a}: para atacarl{name_g:o/a} hace falta --concealment total",
    "msg_charge_needs_melee_weapon":
        "{name} solo carga con un arma cuerpo a cuerpo",
    "msg_cannot_charge_held":
        "{name} no puede cargar ahora",
    "msg_cannot_charge_prone":
        "{name} está derribad{name_g:o/a} y no puede cargar",
    "msg_charge_after_step":
        "{name} dio un paso de 5 pies este turno y no puede cargar",
    "msg_charge_too_short":
        "una carga recorre al menos 2 casillas ({name}: {cost})",
    "msg_charge_too_long":
        "{name} puede cargar como mucho {most} casillas (el camino cuesta {cost})",
    "msg_charge_blocked":
        "la carga de {name} está bloqueada: {other} está en {square}",
    "msg_charge_not_defensively":
        "--charge y --defensively no van juntos ({rule})",
    "msg_charge_not_full":
        "--charge es un solo ataque, no --full ({rule})",
    "msg_trip_goes_with_full":
        "--trip va con --full; un derribo suelto es `action QUIEN trip --target O` ({rule})",
    "msg_no_attacks_total_defense":
        "{name} está en defensa total: no ataca hasta su próximo turno",
    "msg_defensively_is_for_spells":
        "--defensively va con un conjuro (una acción con spell_level) ({rule})",
    "msg_option_goes_with_row":
        "{flag} va solo con action QUIEN {row} ({rule})",
    "msg_one_target_only":
        "{name} lleva un solo --target ({rule})",
    "msg_aid_needs_against":
        "aid-another necesita --against ENEMIGO ({rule})",
    "msg_not_helpless":
        "{name} no está indefens{name_g:o/a}: el golpe de gracia necesita un objetivo "
        "indefenso, moribundo, estable o inconsciente",
    "msg_not_dying":
        "{name} no está moribund{name_g:o/a}",
    "msg_not_adjacent":
        "{name} no está adyacente",
    "msg_cannot_target_itself":
        "{name} no puede elegirse a sí mism{name_g:o/a}",
    "msg_no_melee_weapon_reaches":
        "ningún arma cuerpo a cuerpo de {name} alcanza a {target}",
    "msg_coup_de_grace_critical_immune":
        "{name} es inmune a los críticos: no hay golpe de gracia",
    "msg_aid_an_ally":
        "{name} no es un aliado al que ayudar",
    "msg_aid_against_an_enemy":
        "{name} no es un enemigo en pie",
    "msg_action_give_action_text_not": "action: indica el id de una ACCIÓN o --text, no ambos",
    "msg_action_give_one_action_text":
        "action: indica el id de una ACCIÓN, o --text T --cost C ({rule})",
    "msg_action_out_of_range": "{name} está fuera del alcance de {action}",
    "msg_action_text_needs_cost_standard":
        "action --text necesita --cost standard|move|full|free ({rule})",
    "msg_action_text_text_empty": "action --text: el texto está vacío",
    "msg_ad_hoc_action_takes_target": "una acción improvisada no lleva --target ({rule})",
    "msg_add_already_used": "add: el id «{id}» ya está en uso ({rule})",
    "msg_add_encounter_holds_most_combatants":
        "add: un encuentro admite como mucho {most} combatientes",
    "msg_add_given_twice": "add --at: {square} aparece dos veces ({rule})",
    "msg_add_like_give_exactly_one": "add --like: indica exactamente un ID nuevo",
    "msg_add_name_name_holds_most":
        "add --name: un nombre tiene como mucho 200 caracteres (con --count, su « N» incluido)",
    "msg_add_newcomer_need_free_square":
        "add --at: {newcomers} {newcomers_n:recién llegado necesita/recién llegados necesitan} "
        "{squares} {squares_n:casilla libre/casillas libres}, una cada uno; {given_n:se ha "
        "dado/se han dado} {given} ({rule})",
    "msg_add_newcomers_would_leave_file":
        "add: los recién llegados dejarían el archivo inválido: {invalid} ({rule})",
    "msg_add_not_z": "add: {id} no es un id (a-z, 0-9, _ y -)",
    "msg_add_off_board": "add --at: {square} está fuera del tablero",
    "msg_add_taken": "add --at: {square} está ocupada por {other} ({rule})",
    "msg_add_this_encounter_gridless": "add --at: este encuentro no tiene cuadrícula ({rule})",
    "msg_add_too_long": "add: el id «{id}» es demasiado largo",
    "msg_already_at": "{name} ya está en {square}",
    "msg_already_dead": "{name} ya está muert{name_g:o/a}",
    "msg_already_exists_not_overwritten": "{path}: ya existe; no se sobrescribe",
    "msg_at_file": "archivo",
    "msg_at_journal": "diario",
    "msg_at_line": "línea {line}",
    "msg_at_record": "registro {seq}",
    "msg_at_record_die": "registro {seq}, dado {n}",
    "msg_at_record_post": "registro {seq}, mensaje",
    "msg_attack_full_give_one_more": "attack --full: indica uno o más objetivos T1,T2,…",
    "msg_broken_pipe": "tubería rota",
    "msg_can_delay_only_own_turn": "{name} solo puede retrasarse en su propio turno",
    "msg_cannot_act_dead": "{name} está muert{name_g:o/a} y no puede actuar",
    "msg_cannot_act_disabled": "{name} está incapacitad{name_g:o/a} y no puede actuar",
    "msg_cannot_act_dying": "{name} está moribund{name_g:o/a} y no puede actuar",
    "msg_cannot_act_held": "{name} no puede actuar",
    "msg_cannot_act_stable": "{name} está inconsciente (estable) y no puede actuar",
    "msg_cannot_act_state": "{name} no puede actuar",
    "msg_cannot_attack_itself": "{name} no puede atacarse a sí mism{name_g:o/a}",
    "msg_cannot_be_read": "{path}: no se puede leer ({reason})",
    "msg_cannot_be_undone": "{command} no se puede deshacer",
    "msg_cannot_be_written": "{path}: no se puede escribir ({reason})",
    "msg_cannot_move_squares_now_speed":
        "{name} no puede moverse {cost} {cost_n:casilla/casillas} ahora (velocidad: {squares} "
        "{squares_n:casilla/casillas} por acción de movimiento)",
    "msg_cannot_pass_through": "{name} no puede pasar a través de {other} en {square}",
    "msg_combat_has_ended": "el combate ha terminado",
    "msg_combat_has_not_started_roll": "el combate no ha empezado: primero se tira la iniciativa",
    "msg_count_name_go_like": "--count y --name van con --like",
    "msg_count_range": "--count: de 1 a 1000",
    "msg_dead_bringing_dead_back_needs":
        "{name} está muert{name_g:o/a}: devolver la vida a un muerto requiere --force",
    "msg_declare_action_must_one": "declare: la acción debe ser una de {choices}",
    "msg_declare_clear_takes_action": "declare --clear no lleva acción",
    "msg_dice_edited":
        "[dice] se ha editado a mano después de `dice commit` ({keys}); se rechaza. Devuelve los "
        "valores, o usa --force (verify lo señalará)",
    "msg_dice_not_die_face": "--dice: «{part}» no es una cara de dado ({rule})",
    "msg_dice_unused": "aviso: caras de --dice sin usar: {faces} ({rule})",
    "msg_directory_not_encounter_file": "{path}: es una carpeta, no un archivo de encuentro",
    "msg_does_not_have_condition": "{name} no tiene la condición {condition}",
    "msg_encounter_journal_lock_not_overwritten":
        "{out}: es el encuentro, su diario o su bloqueo; no se sobrescribe ({rule})",
    "msg_ends_need_rounds_n": "--ends y --of necesitan --rounds N",
    "msg_engaged_melee_shooting_into_melee":
        "{name} lucha cuerpo a cuerpo: no se puede disparar contra quien lucha cuerpo a cuerpo",
    "msg_expected": "{verb}: se esperaba {wanted}",
    "msg_find_path_one_destination":
        "--find-path admite un solo destino y excluye --step, --run, --withdraw y --away ({rule})",
    "msg_ft_step_one_square": "un paso de 5 pies es una sola casilla",
    "msg_full_round_action_takes_whole":
        "una acción de asalto completo ocupa todo el turno de {name}, y el turno ya está en uso",
    "msg_give_one_more_waypoints_away":
        "indica una o más casillas X,Y (o --away en un encuentro sin cuadrícula)",
    "msg_given_twice": "{verb}: {arg} aparece dos veces",
    "msg_guarding_takes_whole_turn_turn":
        "defender ocupa todo el turno de {name}, y ya lo ha empezado a usar",
    "msg_has_already_acted_this_turn": "{name} ya ha actuado este turno",
    "msg_has_already_moved_ft_step": "{name} ya se ha movido: no puede dar un paso de 5 pies",
    "msg_has_already_taken_standard_action": "{name} ya ha realizado una acción estándar",
    "msg_has_ammunition_left": "{weapon} no tiene munición",
    "msg_has_combatant": "{source} no tiene el combatiente «{id}»",
    "msg_has_melee_weapon_cannot_guard": "{name} no tiene arma cuerpo a cuerpo y no puede defender",
    "msg_has_move_action_left": "a {name} no le queda acción de movimiento",
    "msg_has_no_action": "{name} no tiene la acción «{action}»",
    "msg_has_no_weapon": "{name} no tiene arma",
    "msg_has_nothing_declared": "{name} no tiene nada declarado",
    "msg_has_only_free_actions_left": "a {name} solo le quedan acciones gratuitas este turno",
    "msg_has_taken_two_move_actions": "{name} ya ha realizado dos acciones de movimiento",
    "msg_has_used_whole_turn": "{name} ya ha usado todo el turno",
    "msg_has_uses_left": "a {name} no le quedan usos",
    "msg_has_weapon_named": "{name} no tiene el arma «{weapon}»",
    "msg_history_missing":
        "{path} está en la versión {version} pero no tiene diario ({name}): falta su historia. "
        "Repite la orden con --force para empezar un diario nuevo (verify señalará la historia "
        "como incompleta)",
    "msg_unknown_time_zone": "--tz: {value} no es una zona horaria (p. ej. Europe/Madrid)",
    "msg_ids_expected": "{value}: se esperan uno o más ids de combatiente",
    "msg_if_idle": "--if-idle: {reason}",
    "msg_if_version_mismatch": "--if-version {if_version}: el archivo está en la versión {version}",
    "msg_initiative_already_rolled_nobody_new":
        "la iniciativa ya está tirada y no espera nadie nuevo (--reroll para volver a tirarla "
        "para todos)",
    "msg_initiative_has_been_rolled_yet":
        "aún no se ha tirado la iniciativa: roll-initiative coloca a todos, recién llegados "
        "incluidos",
    "msg_internal_error": "error interno: {error} (usa --debug para ver la traza)",
    "msg_interrupted": "interrumpido (Ctrl-C)",
    "msg_is_dead": "{name} está muert{name_g:o/a}",
    "msg_key_reused": "--key «{key}» ya se usó con otros argumentos ({command})",
    "msg_locked_another_run_retry_later":
        "{path}: bloqueado por otra ejecución; inténtalo más tarde",
    "msg_max_length_too_short_least": "--max-length: {value} es demasiado corto (al menos {least})",
    "msg_name_name_empty": "--name: el nombre está vacío",
    "msg_name_problems": "--name: {problems}",
    "msg_needs_target": "{name} necesita --target ID[,ID…] ({rule})",
    "msg_needs_value": "{arg} necesita un valor",
    "msg_no_path_within":
        "{name} no tiene un camino legal hasta {square} en {squares} casillas de movimiento",
    "msg_no_grid": "este encuentro no tiene cuadrícula (no hay posiciones)",
    "msg_no_such_encounter_file": "{path}: no existe ese archivo de encuentro",
    "msg_nobody_order_can_take_turn": "nadie en el orden puede tomar su turno",
    "msg_not_ally": "{ward} no es aliad{ward_g:o/a} de {name}",
    "msg_not_aware_surprise_round":
        "{name} no se ha dado cuenta de {target} en el asalto de sorpresa",
    "msg_not_condition_name":
        '"{name}" no es un nombre de condición: usa un identificador como prone, stunned, '
        "paralyzed, flat-footed o cualquier-otra-palabra",
    "msg_not_delaying": "{name} no está retrasando su acción",
    "msg_not_engaged_melee": "{name} no está entablad{name_g:o/a} cuerpo a cuerpo",
    "msg_not_integer": "{flag}: {value} no es un número entero",
    "msg_not_one_of": "{flag}: {value} no es uno de {choices}",
    "msg_not_prone": "{name} no está derribad{name_g:o/a}",
    "msg_not_signed_integer_dice_expression":
        "«{text}» no es un entero con signo ni una expresión de dados ({rule})",
    "msg_not_square": "{value} no es una casilla X,Y (p. ej. 3,4 o -1,2)",
    "msg_not_turn": "no es el turno de {name} (es el de {whose})",
    "msg_not_turn_nobody": "no es el turno de {name} (no es el turno de nadie)",
    "msg_nothing_to_undo": "no hay nada que deshacer",
    "msg_nothing_to_undo_no_before":
        "no hay nada que deshacer (el diario no guarda el archivo como era antes)",
    "msg_nothing_to_undo_no_journal": "no hay nada que deshacer (no hay diario)",
    "msg_off_board": "{value} está fuera del tablero (coordenadas de {low} a {high})",
    "msg_only_move_action_held": "{name} solo tiene una acción de movimiento",
    "msg_confused_must_attack":
        "{name} está confundid{name_g:o/a}: este turno solo puede atacar a {target}, acercarse "
        "a {target} o hacer acciones gratuitas",
    "msg_confused_must_flee":
        "{name} está confundid{name_g:o/a}: este turno solo puede alejarse (huye)",
    "msg_only_crawl_held":
        "{name} está en el suelo: solo puede arrastrarse una casilla (una acción de "
        "movimiento) o levantarse",
    "msg_cannot_run_held": "{name} no puede correr",
    "msg_one_action_moved": "{name} solo tiene una acción este turno y ya se ha movido",
    "msg_one_action_no_full_round":
        "{name} solo tiene una acción estándar o de movimiento este turno: ninguna de asalto "
        "completo",
    "msg_one_action_no_guard":
        "{name} solo tiene una acción estándar o de movimiento este turno: defender ocupa todo "
        "el turno",
    "msg_one_action_used": "{name} solo tiene una acción este turno y ya la ha usado",
    "msg_out_bounds_file_would_break":
        "fuera de límites: el archivo rompería sus límites ({problems})",
    "msg_out_of_range": "{name} está fuera del alcance de tiro de {weapon}",
    "msg_out_of_reach": "{name} está fuera del alcance de {weapon}",
    "msg_output_unprinted":
        "no se pudo imprimir la salida ({reason}); no se ha cambiado el encuentro",
    "msg_outside_radius_square":
        "{ward} está fuera del radio de {name} ({radius} {radius_n:casilla/casillas})",
    "msg_pbwcombat_lock_timeout_not_finite":
        "PBWCOMBAT_LOCK_TIMEOUT: {raw} no es un número finito de segundos ≥ 0",
    "msg_pbwcombat_now_not_iso_time": "PBWCOMBAT_NOW: {fixed} no es una hora ISO 8601",
    "msg_players_salt_already_set_can":
        "la sal de los jugadores ya está puesta; solo se puede poner una vez",
    "msg_players_salt_can_set_only":
        "la sal de los jugadores solo se puede poner antes de la primera tirada del generador "
        "tras el compromiso",
    "msg_png_needs_pillow": "--png necesita Pillow: pip install 'pbwcombat[map]'",
    "msg_post_unprinted":
        "no se pudo imprimir el mensaje ({reason}); lo aplicado queda aplicado: `pbwcombat log "
        "ENCUENTRO --last 1` lo vuelve a narrar",
    "msg_reckless_disengage_off": "desentablarse temerariamente no se usa en este combate",
    "msg_not_save_kind_dc":
        "--save: «{value}» no es TIPO:CD como will:15 (fort, ref o will) ({rule})",
    "msg_damage_not_dice_expression": '--damage: «{value}» no es una expresión de dados ({rule})',
    "msg_energy_needs_damage":
        "--energy necesita --damage: es la energía del daño continuo ({rule})",
    "msg_custom_mod_out_of_bounds": '{flag}: {value} no está entre -100 y 100 ({rule})',
    "msg_remove_takes_rounds_ends": "--remove no lleva --rounds, --ends ni --of",
    "msg_remove_takes_condition_options":
        "--remove no lleva --save, --damage, --energy, --by, --attack, --defense, --saves ni "
        "--damage-bonus",
    "msg_result_would_break_file_limits":
        "el resultado rompería los límites del archivo ({problems}); se rechaza",
    "msg_result_would_break_file_references":
        "el resultado rompería las referencias del archivo ({problems}); se rechaza",
    "msg_roster_file_cannot_read": "{source}: no se puede leer el archivo de plantilla ({reason})",
    "msg_rounds_more_than_turns": "--rounds: {rounds} son más de 1000000 turnos",
    "msg_rounds_not_number_turns_more": "--rounds: {rounds} no es un número de turnos (1 o más)",
    "msg_run_goes_straight_line": "una carrera va en línea recta",
    "msg_run_most_squares_needs":
        "una carrera es de {most} casillas como mucho ({name} necesita {cost})",
    "msg_running_takes_whole_turn": "correr ocupa todo el turno de {name}",
    "msg_salt_cannot_empty": "la sal no puede estar vacía",
    "msg_seed_bytes_hexadecimal_digits": "--seed: de 1 a 128 bytes en hexadecimal",
    "msg_seed_hexadecimal_digits_expected": "--seed: se esperan 64 dígitos hexadecimales",
    "msg_seed_not_hexadecimal_even_number":
        "--seed: {seed} no es hexadecimal (un número par de dígitos 0-9a-f)",
    "msg_seed_revealed_only_once_combat":
        "la semilla solo se revela cuando el combate ha terminado (--force para revelarla ya)",
    "msg_shares_group_turn_cannot_delay":
        "{name} comparte el turno de su grupo y no puede retrasarse solo",
    "msg_square_taken": "{square} está ocupada por {other}",
    "msg_stdout_closed": "la salida estándar está cerrada",
    "msg_supplied_face_not_face_d": "la cara {face} no es una cara de un d{sides} ({rule})",
    "msg_symbolic_link_not_followed": "{path}: es un enlace simbólico; no se sigue",
    "msg_takes_no_target_option": "{name} no lleva --target",
    "msg_takes_target": "{name} no lleva objetivo ({rule})",
    "msg_temporary_file_could_created": "{path}: no se pudo crear un archivo temporal",
    "msg_terminal_encoding": "la codificación del terminal ({encoding}) no puede mostrarlo",
    "msg_there_nobody_roll_initiative": "no hay nadie que tire iniciativa",
    "msg_this_encounter_gridless_use_move":
        "este encuentro no tiene cuadrícula: usa `move WHO --away` ({rule})",
    "msg_this_encounter_has_dice_seed": "este encuentro aún no tiene semilla de dados",
    "msg_too_many_squares": "--at: demasiadas casillas",
    "msg_took_ft_step_other_movement": "{name} ha dado un paso de 5 pies: no puede moverse más",
    "msg_unknown_combatant": "combatiente desconocido «{id}»",
    "msg_unknown_command": "orden desconocida {verb}",
    "msg_unknown_option": "{verb}: opción desconocida {arg}",
    "msg_verification_failed_at": "la verificación falla en {where}: {what}",
    "msg_verify_patch_hash": "su parche no da su hash de después",
    "msg_verify_after_text_hash": "su texto de después no corresponde a su hash",
    "msg_verify_before_text_hash": "su texto de antes no corresponde a su hash",
    "msg_verify_bytes_changed":
        "sus bytes no son el último estado registrado (registro {seq}): ha cambiado desde "
        "entonces, a mano o por una copia anterior",
    "msg_verify_chain":
        "su hash de antes no es el hash de después del registro {previous} (falta un registro o "
        "se cambió)",
    "msg_verify_dice_edited": "[dice] editado a mano después del compromiso ({keys})",
    "msg_verify_die_mismatch": "#{n}, d{sides}: registrado {logged}, recalculado {recomputed}",
    "msg_verify_history_missing":
        "falta: el archivo ha cambiado pero su historia no está (incompleta)",
    "msg_verify_late_salt":
        "la sal llegó después de tiradas del generador posteriores al compromiso ({rule})",
    "msg_verify_malformed_die": "dado mal formado {die}",
    "msg_verify_not_json": "no es un registro JSON",
    "msg_verify_restarted": "el diario se reinició aquí: falta la historia anterior (incompleta)",
    "msg_verify_roll_order": "tirada #{n} donde tocaba la #{due} (¿una tirada fuera del diario?)",
    "msg_verify_rolls_not_list": "sus tiradas no son una lista",
    "msg_verify_salt_claimed": "declara una sal que ningún registro de sal fijó",
    "msg_verify_salt_unused":
        "sus tiradas no usan la sal de los jugadores fijada por el registro {seq}",
    "msg_verify_second_salt": "una segunda sal ({rule}: solo una vez)",
    "msg_verify_seed_hash": "el hash de la semilla no es el compromiso {commitment}",
    "msg_verify_seq":
        "seq {seq} tras seq {previous} (los números de secuencia nunca se reutilizan)",
    "msg_verify_starts_at":
        "el diario empieza en la versión {version}: falta la historia anterior (incompleta)",
    "msg_verify_starts_later":
        "el diario empieza después de que se escribiera el archivo (este registro no guarda el"
        " archivo de antes): falta la historia anterior (incompleta)",
    "msg_weapon_reaches": "ningún arma de {name} alcanza a {target}",
    "msg_withdraw_excludes_step_run": "--withdraw excluye --step y --run",
    "msg_withdraw_excludes_step_run_away": "--withdraw excluye --step, --run y --away",
    "msg_withdraw_most_squares_needs":
        "retirarse cubre como mucho {most} casillas ({name} necesita {cost})",
    "msg_would_drop_below_hit_points":
        "{name} bajaría de -{bound} puntos de golpe, más de lo que admite el archivo",
    "msg_write_protected_not_written": "{path}: protegido contra escritura; no se escribe",
    "msg_absent_until_form":
        "--until {value}: se esperaba una fecha y hora ISO (2026-12-03T20:00, en UTC si no "
        "indica otra zona) o una duración como 3d o 12h ({rule})",
    "msg_absent_until_past": "--until {value}: ese momento ya ha pasado ({rule})",
    "msg_absent_until_or_clear": "absent: indica --until CUÁNDO o --clear ({rule})",
    "msg_is_not_absent": "{name} no está ausente",
    "msg_if_due": "--if-due: {reason}",
    "msg_order_rule_bad":
        "«{order}» no es una regla de órdenes ({rule}): {reason}"
        "\n  {order}\n  {pointer}^",
    "msg_order_second_arrow": "una regla lleva un solo ->",
    "msg_order_no_do": "no hay nada que hacer tras ->",
    "msg_order_no_when": "no hay condición antes de ->",
    "msg_order_empty_clause": "una condición vacía junto a «and»",
    "msg_order_number_expected": "aquí se esperaba un número entero",
    "msg_order_unknown_clause": "«{word}» no es una condición (una de {choices})",
    "msg_order_argument_expected": "«{word}» necesita un valor",
    "msg_order_too_many_words": "demasiadas palabras para «{word}»",
    "msg_order_slug_expected": "se esperaba el nombre de un estado, como prone",
    "msg_order_id_expected": "se esperaba el id de un combatiente",
    "msg_order_operator_expected": "se esperaba uno de {choices}",
    "msg_order_percent_range": "un porcentaje va de 0 a 100",
    "msg_order_empty_act": "no hay nada que hacer junto a «then»",
    "msg_order_keyword_alone": "«{word}» es una orden por sí sola: no puede seguirla nada",
    "msg_order_unknown_do": "«{word}» no es algo que hacer (una de {choices})",
    "msg_order_bad_act": "{why}",
    "msg_orders_rules_or_clear": "orders: indica una o más reglas, o --clear ({rule})",
    "msg_approach_needs_move":
        "{name} necesita una acción de movimiento y una estándar para acercarse",
    "msg_approach_no_square":
        "ninguna casilla a un movimiento permite a {name} alcanzar a {target} con {weapon}",
    "plan_then": ", después ",
    "plan_else": "; si no, ",
    "msg_declare_empty_act": "declare: no hay nada que hacer junto a {word} ({rule})",
    "msg_nobody_to_name": "la orden de {name} no nombra a nadie sobre quien actuar ahora",
}
