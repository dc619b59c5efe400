"""Spanish for text we do not own (R-OUT-5): tomllib's and click's messages, pydantic-core's
and the model's problems of a file (`path: message`), the system's reasons (OSError.strerror).

These arrive as English text, so they are matched as templates (render/foreign.py); our own
messages are keyed (`msg_<key>` in en.py and es.py) and never matched. `{a}`, `{b}`… match any
text; `{reason}` is itself such a text and `{problems}` a "; "-separated list of problems.
"""

from __future__ import annotations

# a damaged journal's problem (journal.Damaged), after its `journal: line N: …`
_DAMAGED_EN = (" (R-LOG-4: the journal is damaged; move it aside and run the command with "
               "--force to start a new one)")
_DAMAGED_ES = (" (R-LOG-4: el diario está dañado; apártalo y repite la orden con --force "
               "para empezar uno nuevo)")

FOREIGN_ES: dict[str, str] = {
    '"{a}" is not a dice expression': "«{a}» no es una expresión de dados",
    "(at line {a}, column {b})": "(en la línea {a}, columna {b})",
    "(at end of document)": "(al final del documento)",
    "Invalid statement": "instrucción no válida",
    "Expected '=' after a key in a key/value pair":
        "se espera '=' tras una clave en un par clave/valor",
    "Expected ']' at the end of a table declaration":
        "se espera ']' al final de la declaración de una tabla",
    "Expected ']]' at the end of an array declaration":
        "se espera ']]' al final de la declaración de una lista de tablas",
    "Expected {a}": "se espera {a}",
    "Found invalid character {a}": "carácter no válido {a}",
    "Cannot declare {a} twice": "no se puede declarar {a} dos veces",
    "Cannot overwrite a value": "no se puede sobrescribir un valor",
    "Invalid initial character for a key part": "carácter inicial no válido en una clave",
    "Unclosed array": "lista sin cerrar",
    "Unclosed inline table": "tabla en línea sin cerrar",
    "Unterminated string": "texto sin cerrar",
    "Invalid value": "valor no válido",
    "Illegal character {a}": "carácter no permitido {a}",
    "Invalid date or datetime": "fecha u hora no válida",
    "Duplicate inline table key {a}": "clave repetida en tabla en línea {a}",
    "No such option: {a}": "no existe la opción {a}",
    "No such option: {a} Did you mean {b}?": "no existe la opción {a}. ¿Querías decir {b}?",
    "No such option: {a} (Possible options: {b})":
        "no existe la opción {a} (opciones posibles: {b})",
    "No such command {a}.": "no existe la orden {a}.",
    "Missing command.": "falta la orden.",
    "Missing argument {a}.": "falta el argumento {a}.",
    "Missing option {a}.": "falta la opción {a}.",
    "Missing parameter {a}.": "falta el parámetro {a}.",
    "Got unexpected extra argument ({a})": "un argumento de más inesperado ({a})",
    "Got unexpected extra arguments ({a})": "argumentos de más inesperados ({a})",
    "Option {a} requires an argument.": "la opción {a} necesita un valor.",
    "Option {a} requires {b} arguments.": "la opción {a} necesita {b} valores.",
    "Option {a} does not take a value.": "la opción {a} no admite valor.",
    "Invalid value for {a}: {b} is not a valid integer.":
        "valor no válido para {a}: {b} no es un número entero.",
    "Invalid value for {a}: {b} is not a valid integer range.":
        "valor no válido para {a}: {b} no es un número entero válido.",
    "Invalid value for {a}: {b} is not a valid float.":
        "valor no válido para {a}: {b} no es un número.",
    "Invalid value for {a}: {b} is not a valid boolean.":
        "valor no válido para {a}: {b} no es un booleano.",
    "Invalid value for {a}: {b} is not in the range {c}.":
        "valor no válido para {a}: {b} no está en el intervalo {c}.",
    "Invalid value for {a}: {b} is not one of {c}.":
        "valor no válido para {a}: {b} no es uno de {c}.",
    "Invalid value for {a}: {b} is not {c}.": "valor no válido para {a}: {b} no es {c}.",
    "Invalid value for {a}: {b}": "valor no válido para {a}: {b}",
    "required": "obligatorio",
    "unknown key": "clave desconocida",
    "expected a table": "se espera una tabla",
    "Input should be a valid integer": "debe ser un número entero",
    "Input should be a valid integer, unable to parse string as an integer":
        "debe ser un número entero (no un texto)",
    "Input should be a valid integer, got a number with a fractional part":
        "debe ser un número entero, sin decimales",
    "Input should be a valid number": "debe ser un número",
    "Input should be a valid number, unable to parse string as a number":
        "debe ser un número (no un texto)",
    "Input should be a finite number": "debe ser un número finito",
    "Input should be a valid string": "debe ser un texto",
    "Input should be a valid boolean": "debe ser true o false",
    "Input should be a valid list": "debe ser una lista",
    "Input should be a valid tuple": "debe ser una lista",
    "Input should be a valid array": "debe ser una lista",
    "Input should be a valid dictionary": "debe ser una tabla",
    "Input should be greater than or equal to {a}": "debe ser mayor o igual que {a}",
    "Input should be greater than {a}": "debe ser mayor que {a}",
    "Input should be less than or equal to {a}": "debe ser menor o igual que {a}",
    "Input should be less than {a}": "debe ser menor que {a}",
    "Input should be {a} or {b}": "debe ser {a} o {b}",
    "Input should be {a}": "debe ser {a}",
    "String should have at least {a} character": "el texto debe tener al menos {a} carácter",
    "String should have at least {a} characters": "el texto debe tener al menos {a} caracteres",
    "String should have at most {a} characters": "el texto debe tener como mucho {a} caracteres",
    "String should match pattern {a}": "el texto debe seguir el patrón {a}",
    "List should have at least {a} item after validation, not {b}":
        "la lista debe tener al menos {a} elemento, no {b}",
    "List should have at least {a} items after validation, not {b}":
        "la lista debe tener al menos {a} elementos, no {b}",
    "List should have at most {a} items after validation, not {b}":
        "la lista debe tener como mucho {a} elementos, no {b}",
    "Tuple should have at least {a} item after validation, not {b}":
        "la lista debe tener al menos {a} elemento, no {b}",
    "Tuple should have at least {a} items after validation, not {b}":
        "la lista debe tener al menos {a} elementos, no {b}",
    "Tuple should have at most {a} items after validation, not {b}":
        "la lista debe tener como mucho {a} elementos, no {b}",
    'duplicate id "{a}"': "id repetido «{a}»",
    'duplicate weapon id "{a}"': "id de arma repetido «{a}»",
    'duplicate action id "{a}"': "id de acción repetido «{a}»",
    'square taken by "{a}"': "casilla ocupada por «{a}»",
    '"{a}" has no UTC offset (write e.g. "{b}")':
        "«{a}» no tiene desfase UTC (escribe p. ej. «{b}»)",
    '"{a}" is not a date and time with a UTC offset':
        "«{a}» no es una fecha y hora con desfase UTC",
    '"{a}" would mention everyone: not a player handle (R-OUT-7)':
        "«{a}» mencionaría a todo el mundo: no es el apodo de un jugador (R-OUT-7)",
    "a duration needs ends, of and turns together (or {} for until removed)":
        "una duración necesita ends, of y turns juntos (o {{}} para hasta que se quite)",
    "an action has damage or heal, not both": "una acción tiene damage o heal, no los dos",
    "an action with a save needs a dc": "una acción con save necesita una dc",
    "condition_rounds needs a condition": "condition_rounds necesita una condition",
    "an id appears twice": "un id aparece dos veces",
    "its events cannot be read by this version ({a}) (R-LOG-4)":
        "esta versión no puede leer sus sucesos ({a}) (R-LOG-4)",
    "a number with too many digits (at most 4300)":
        "un número con demasiadas cifras (como mucho 4300)",
    'unknown combatant "{a}"': "combatiente desconocido «{a}»",  # a reference (model.py)
    "line {a}": "línea {a}",  # where a damaged journal or a stat block has a problem
    # a pasted stat block's problems (issue 26)
    "stat block: {a}: {reason}": "bloque de estadísticas: {a}: {reason}",
    "{a}: stat block: {b}: {reason} (--lenient: line skipped)":
        "{a}: bloque de estadísticas: {b}: {reason} (--lenient: línea omitida)",
    "not a line of an SRD stat block": "no es una línea de un bloque de estadísticas del SRD",
    "not a line of a stat block": "no es una línea de un bloque de estadísticas",
    "missing": "falta",
    'not "{a}"': "no tiene la forma «{a}»",
    'not a size and a type ("Medium Humanoid")':
        "no es un tamaño y un tipo («Medium Humanoid»)",
    '"{a}" is not an attack like "Claw +9 melee (1d6+6)"':
        "«{a}» no es un ataque como «Claw +9 melee (1d6+6)»",
    "no attack that deals hit point damage": "ningún ataque hace daño a los puntos de golpe",
    '"{a}" is not Hit Dice': "«{a}» no son Dados de Golpe",
    '"{a}" is not a number': "«{a}» no es un número",
    '"{a}" is not damage reduction like "5/magic", "10/-", "5/silver and magic" or '
    '"5/good or silver" (R-HP-8)':
        "«{a}» no es una reducción de daño como «5/magic», «10/-», «5/silver and magic» o "
        "«5/good or silver» (R-HP-8)",
    '"{a}" is not an energy kind (acid, cold, electricity, fire, sonic, force, negative, '
    'positive) (R-HP-8)':
        "«{a}» no es un tipo de energía (acid, cold, electricity, fire, sonic, force, "
        "negative, positive) (R-HP-8)",
    "nobody is engaged with rules.engagement = false (R-ENG-0); empty it, or use "
    "`pbwcombat set FILE rules.engagement false`":
        "con rules.engagement = false nadie está entablado (R-ENG-0); vacíalo, o usa "
        "`pbwcombat set ARCHIVO rules.engagement false`",
    '"{a}" is neither a combatant id nor a side': "«{a}» no es ni un id de combatiente ni un bando",
    '"{a}" is not one of skip, attack-nearest, attack-weakest, guard:ID':
        "«{a}» no es ninguno de skip, attack-nearest, attack-weakest, guard:ID",
    "missing (positions on some combatants only)":
        "falta (hay posiciones solo en algunos combatientes)",
    "must be true, false or a list of enemy ids and side names":
        "debe ser true, false o una lista de ids de enemigos y nombres de bando",
    '"{a}" is not an ISO 8601 time': "«{a}» no es una hora ISO 8601",
    '"{a}" is not a duration like "48h", "30m" or "2d"':
        "«{a}» no es una duración como «48h», «30m» o «2d»",
    "a weapon needs a name or an id": "un arma necesita nombre o id",
    "a ranged weapon needs a range (squares)":
        "un arma a distancia necesita alcance (range, en casillas)",
    "not UTF-8 text (byte {a})": "no es texto UTF-8 (byte {a})",
    "empty (an encounter needs its combatants)": "vacío (un encuentro necesita sus combatientes)",
    "nested too deeply": "anidado a demasiada profundidad",
    "the roster holds no combatants": "la plantilla no tiene combatientes",
    "[Errno {a}] {reason}": "[Errno {a}] {reason}",
    "No such file or directory": "no existe el archivo o la carpeta",
    "Permission denied": "permiso denegado",
    "Operation not permitted": "operación no permitida",
    "Is a directory": "es una carpeta",
    "Not a directory": "no es una carpeta",
    "Read-only file system": "sistema de archivos de solo lectura",
    "No space left on device": "no queda espacio en el dispositivo",
    "disk full": "disco lleno",
    "not a regular file": "no es un archivo normal",
    "a directory, not a regular file": "una carpeta, no un archivo normal",
    "a FIFO, not a regular file": "una FIFO, no un archivo normal",
    "a device, not a regular file": "un dispositivo, no un archivo normal",
    "a socket, not a regular file": "un socket, no un archivo normal",
    "Resource temporarily unavailable": "recurso no disponible temporalmente",
    "Cannot allocate memory": "no se puede reservar memoria",
    "File too large": "archivo demasiado grande",
    "Disk quota exceeded": "cuota de disco superada",
    "File exists": "el archivo ya existe",
    "File name too long": "nombre de archivo demasiado largo",
    "Too many levels of symbolic links": "demasiados niveles de enlaces simbólicos",
    "Input/output error": "error de entrada/salida",
    "Device or resource busy": "dispositivo o recurso ocupado",
    "Text file busy": "archivo de texto ocupado",
    "Stale file handle": "identificador de archivo obsoleto",
    "line {a}: not a JSON record" + _DAMAGED_EN:
        "línea {a}: no es un registro JSON" + _DAMAGED_ES,
    "line {a}: its before-hash is not the after-hash of the record before it" + _DAMAGED_EN:
        "línea {a}: su hash de antes no es el hash de después del registro anterior" + _DAMAGED_ES,
    "line {a}: its after-hash is not a SHA-256 (64 hexadecimal digits)" + _DAMAGED_EN:
        "línea {a}: su hash de después no es un SHA-256 (64 dígitos hexadecimales)" + _DAMAGED_ES,
    "file": "archivo",
    "not a JSON record": "no es un registro JSON",
}


def _order_rules() -> dict[str, str]:
    """R-ORD-4: the model refuses a file's bad order rule with the English of our own keyed
    messages (a validator can only raise text); their Spanish is the catalogue's."""
    from pbwcombat.render.catalog.en import EN
    from pbwcombat.render.catalog.es import ES

    out = {'"{a}" is not an order rule (R-ORD-4): {reason}':
           "«{a}» no es una regla de órdenes (R-ORD-4): {reason}",
           "rule {a}: {reason}": "regla {a}: {reason}"}
    for key, english in EN.items():
        if key.startswith("msg_order_") and key not in ("msg_order_rule_bad",
                                                        "msg_order_bad_act"):
            out[english] = ES[key]
    return out


FOREIGN_ES.update(_order_rules())
