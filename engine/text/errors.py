"""The error catalogue: the sentence of every InvalidInputError and every
hand-record error (``msgctxt`` = the error's code)."""
from __future__ import annotations

from ..message import M_, P_, Text

__all__ = ["ENTRIES"]

ENTRIES: tuple[Text, ...] = (
    # TRANSLATORS: an IllegalActionError: {message} is the verdict's sentence, then its reason code and rule id.
    M_("ILLEGAL_ACTION", "{message} [{reason}, {rule}]"),
    # ------------------------------------------------------------------ cards (engine/cards.py)
    # TRANSLATORS: {value} is the input, quoted (at most 80 characters).
    M_("NOT_A_SUIT", "{value} is not a suit: use S, H, D or C"),
    # TRANSLATORS: a program built a card from a wrong suit {value} or rank {value2} (quoted).
    M_("CARD_NEEDS_SUIT_AND_RANK", "Card needs a Suit and a Rank, got {value}, {value2}"),
    # TRANSLATORS: {value} is the input (not text at all), quoted.
    M_("NOT_A_CARD.type", "{value} is not a card: write a rank and a suit, like 'AS' or '10H'"),
    # TRANSLATORS: {value} is the text typed, quoted. Keep the card codes AS and 10H as they are.
    M_("NOT_A_CARD", "{value} is not a card: write a rank (A K Q J 10 9 … 2, or T for ten) "
                     "then a suit (S H D C or ♠ ♥ ♦ ♣), like 'AS' or '10H'"),
    # TRANSLATORS: {value} is the input, quoted. Keep the card codes as they are.
    M_("NOT_A_CARD_LIST", "{value} is not a list of cards: give cards like ['AS', 'KH', '10D']"),
    # ------------------------------------------------------------------ deal numbers (engine/deal.py)
    # TRANSLATORS: {value} is the input, quoted; {high} the largest deal number.
    M_("DEAL_NUMBER_NOT_WHOLE", "deal number {value} must be a whole number from 0 to {high}"),
    # TRANSLATORS: {value} is the input; {high} the largest deal number.
    M_("DEAL_NUMBER_OUT_OF_RANGE", "deal number {value} must be from 0 to {high}"),
    # TRANSLATORS: {size} cards to each of {seats} seats would need more than the 52 cards of the deck.
    M_("CANNOT_DEAL", "cannot deal {size} cards to {seats} seats from 52 cards"),
    # TRANSLATORS: as CANNOT_DEAL, with one more card turned up for trump (Oh Hell).
    M_("CANNOT_DEAL.turn_up", "cannot deal {size} cards to {seats} seats and turn one up from 52 cards"),
    # ------------------------------------------------------------------ whole numbers (engine/validation.py)
    # These complete a sentence such as "A bid must be a whole number of tricks from 0 to 13; …".
    # TRANSLATORS: {value} is true or false as typed (True/False).
    M_("NOT_WHOLE.bool", "{value} is a yes/no value, not a number"),
    # TRANSLATORS: the value typed was NaN ("not a number").
    M_("NOT_WHOLE.nan", "NaN is not a number of tricks"),
    # TRANSLATORS: {value} is inf or -inf.
    M_("NOT_WHOLE.infinite", "{value} is not a number of tricks"),
    # TRANSLATORS: {value} is a number with a fraction, such as 2.5.
    M_("NOT_WHOLE.fraction", "{value} is not a whole number"),
    # TRANSLATORS: {value} is a whole number written with a decimal point (4.0); {whole} is it without (4).
    M_("NOT_WHOLE.decimal", "{value} is written as a decimal; give the whole number {whole}"),
    # TRANSLATORS: {value} is text that was given where a number belongs, quoted.
    M_("NOT_WHOLE.text", "{value} is text, not a number"),
    # TRANSLATORS: {value} is some other value, quoted.
    M_("NOT_WHOLE.other", "{value} is not a number"),
    # ------------------------------------------------------------------ games (engine/game.py, engine/games)
    # TRANSLATORS: {value} is the input, quoted; {high} the largest deal number.
    M_("FIRST_DEAL", "first_deal {value} must be None or a deal number, a whole number from 0 to {high}"),
    # TRANSLATORS: a program passed something else than a random number generator.
    M_("RNG_NOT_RANDOM", "rng {value} must be a random.Random (or None for a fresh one)"),
    # TRANSLATORS: keep "auto_deal", "True" and "False" as they are (Python names).
    M_("AUTO_DEAL_NOT_BOOL", "auto_deal must be True or False, not {value}"),
    # TRANSLATORS: the hands given to start a game are not a list.
    M_("HANDS_NOT_LIST", "hands must be a list with one hand of cards per seat, not {value}"),
    # TRANSLATORS: {value} is not a seat number 0 … {high}.
    M_("NOT_A_SEAT", "{value} is not a seat: seats are 0 to {high}"),
    # TRANSLATORS: a program passed something that is not an action.
    M_("NOT_AN_ACTION", "{value} is not an action"),
    # TRANSLATORS: as above, for Oh Hell.
    M_("NOT_AN_ACTION.oh_hell", "{value} is not an Oh Hell action"),
    # TRANSLATORS: as above (a deal is not a player's action).
    M_("NOT_A_PLAYER_ACTION", "{value} is not a player action"),
    # TRANSLATORS: keep "blind", "True", "False" (Python names).
    M_("BLIND_NOT_BOOL", "blind must be True or False, not {value}"),
    # TRANSLATORS: two-player Spades draw; keep "keep", "True", "False" (Python names).
    M_("KEEP_NOT_BOOL", "keep must be True (keep the top card) or False (discard it), not {value}"),
    # TRANSLATORS: a program gave a deal of the wrong shape.
    M_("DEAL_HANDS_SHAPE", "a deal's hands must be one tuple of cards per seat, not {value}"),
    # TRANSLATORS: keep "turn_up" and "Card" (Python names).
    M_("TURN_UP_NOT_CARD", "turn_up {value} is not a Card"),
    # TRANSLATORS: a deal for {seats} players with {got} hands.
    M_("DEAL_HAND_COUNT", "a deal for {seats} players has {seats} hands, not {got} ({rule})"),
    # TRANSLATORS: {seat} (a name) is dealt {got} cards; hand {number} deals {size}.
    M_("DEAL_HAND_SIZE", "{seat} is dealt {got} cards; hand {number} deals {size} to each player ({rule})"),
    # TRANSLATORS: keep "Card" (a Python name).
    M_("NOT_A_CARD_OBJECT", "{value} is not a Card"),
    # TRANSLATORS: {code} is a card code such as AS.
    M_("DEALT_TWICE", "{code} is dealt twice"),
    # TRANSLATORS: keep "Deal" (a Python name).
    M_("NOT_A_DEAL", "{value} is not a Deal"),
    # TRANSLATORS: Spades turns no card up.
    M_("NO_TURN_UP.spades", "Spades has no turned-up card (spades are always trump, SP-2)"),
    # TRANSLATORS: two-player Spades: a deal of a pack and hands at once.
    M_("DEAL_PACK_AND_HANDS", "a two-player deal gives either the pack to draw from or the two 13-card hands, "
                              "not both (SP-2P-2)"),
    # TRANSLATORS: two-player Spades: the pack given is not 52 cards.
    M_("DEAL_PACK_SHAPE", "a pack is 52 Cards, top first (SP-2P-2), not {value}"),
    # TRANSLATORS: two-player Spades: a card twice in the pack.
    M_("DEAL_PACK_TWICE", "a pack has each of the 52 cards once (SP-2P-2)"),
    # TRANSLATORS: two-player Spades: a pack of {n} cards.
    M_("PACK_SIZE", "a pack has 52 cards, not {n} (SP-2P-2)"),
    # ------------------------------------------------------------------ options and rules (engine/options.py, engine/games)
    # TRANSLATORS: an option's value refused: {name} is the option (keep it), {value} the value, {allowed} the values.
    M_("OPTION_NOT_ALLOWED", "{name}: {value} is not allowed; allowed: {allowed}"),
    # TRANSLATORS: an on/off option given something else; keep {name}, "true" and "false".
    M_("OPTION_NOT_BOOL", "{name} must be true or false, not {value}"),
    # TRANSLATORS: a record's "rules" is not an object (keep "rules").
    M_("RULES_NOT_OBJECT", "rules must be an object"),
    # TRANSLATORS: an error in a record's "rules" (keep "rules").
    M_("RULES_FIELD", "rules: {problem}"),
    # TRANSLATORS: {game} has no option {value}; {known} lists the options (keep their names).
    M_("RULES_UNKNOWN_OPTION", "unknown {game} option {value} (known: {known})"),
    # TRANSLATORS: keep "rules" and "SpadesRules" (Python names).
    M_("SPADES_RULES_TYPE", "rules {value} must be a SpadesRules, a dict of options, or None for the defaults"),
    # TRANSLATORS: keep "rules" and "OhHellRules" (Python names).
    M_("OH_RULES_TYPE", "rules {value} must be an OhHellRules (or None for the defaults)"),
    # TRANSLATORS: SP-H3 with SP-H2 "never"; keep the option names.
    M_("SPADES_PASS_WITHOUT_BLIND_NIL", "blind_nil_pass: {value} is a configuration error with blind_nil 'never' "
                                        "(there is no Blind Nil, so no exchange size; SP-H2, SP-H3): "
                                        "leave it at 3"),
    # TRANSLATORS: two-player Spades with SP-H2; keep the option name.
    M_("TWO_PLAYER_OPTION.blind_nil", "blind_nil: {value} is a configuration error with two players: two-player "
                                      "Spades has no Blind Nil at all (SP-2P-1); leave blind_nil at its default "
                                      "{default}"),
    # TRANSLATORS: two-player Spades with SP-H3; keep the option name.
    M_("TWO_PLAYER_OPTION.blind_nil_pass", "blind_nil_pass: {value} is a configuration error with two players: there "
                                           "is no Blind Nil and no exchange (SP-2P-1); leave blind_nil_pass at its "
                                           "default {default}"),
    # TRANSLATORS: two-player Spades with SP-H6; keep the option name.
    M_("TWO_PLAYER_OPTION.min_contract", "min_contract: {value} is a configuration error with two players: SP-H6 is "
                                         "a minimum for two partners' bids added, and two-player Spades has no "
                                         "partners (SP-2P-1); leave min_contract at its default {default}"),
    # TRANSLATORS: Spades start scores or bags ({name}: keep it) are not a pair.
    M_("SCORES_PAIR.sides", "{name} must be two whole numbers [North–South, East–West], got {value}"),
    # TRANSLATORS: as above, for two players.
    M_("SCORES_PAIR.players", "{name} must be two whole numbers [player 0, player 1], got {value}"),
    # TRANSLATORS: start scores over 30 digits ({name}: keep it).
    M_("SCORES_TOO_LONG", "{name} {value}: each must have at most 30 digits"),
    # TRANSLATORS: start bags {value} at or above the bag limit {limit} (which costs {penalty} points).
    M_("BAGS_AT_LIMIT", "bags {value} must each be 0 to {high} ({limit} bags cost {penalty} points at once, {rule})"),
    # TRANSLATORS: start scores refused (keep "scores").
    M_("START_SCORES", "scores: {problem}"),
    # TRANSLATORS: {side} starts at {value} points, at or past the target {target}.
    M_("START.past_target", "{side} already has {value} points, at or past the target of {target}, so that game is "
                            "already won (SP-22); a game can start with a side at or past the target only if the "
                            "scores are equal (then another hand is played)"),
    # TRANSLATORS: {side} starts at {value} points, at or below the mercy floor {floor}.
    M_("START.below_floor", "{side} has {value} points, at or below the mercy floor of {floor}, so that game is "
                            "already lost (SP-H8); a game can start with a side at or below the floor only if the "
                            "scores are equal"),
    # TRANSLATORS: two-player Spades: the start scores {value} have a winner already.
    M_("START.two", "{value}: one player has already won (at or past the target of {target}, SP-22); a game can "
                    "start so only with equal scores"),
    # TRANSLATORS: as above, with a mercy floor {floor}.
    M_("START.two_floor", "{value}: one player has already won (at or past the target of {target}, SP-22, or at or "
                          "below the mercy floor of {floor}, SP-H8); a game can start so only with equal scores"),
    # TRANSLATORS: Oh Hell player counts.
    M_("OH_PLAYERS", "Oh Hell is for 3 to 7 players, not {value} (OH-1): choose a player count from 3 to 7"),
    # TRANSLATORS: OH-V4 with OH-V5.
    M_("OH_HOOK_AND_SEALED", "the hook (OH-V4) cannot be combined with simultaneous bidding (OH-V5): with sealed "
                             "bids there is no last bidder to stop. Switch one of them off."),
    # TRANSLATORS: keep "schedule" and "hand_sizes" (option names).
    M_("OH_SCHEDULE_AND_SIZES", "give either schedule or hand_sizes, not both (OH-6)"),
    # TRANSLATORS: keep "hand_sizes".
    M_("OH_SIZES_NOT_LIST", "hand_sizes must be a list of whole numbers, not {value}"),
    # TRANSLATORS: keep "hand_sizes".
    M_("OH_SIZES_EMPTY", "hand_sizes must list at least one hand"),
    # TRANSLATORS: keep "hand_sizes".
    M_("OH_SIZE_NOT_SIZE", "hand_sizes: {value} is not a hand size (a whole number of cards, at least 1)"),
    # TRANSLATORS: {size} cards for {players} players need {needed} cards; at most {most} a hand.
    M_("OH_SIZE_TOO_BIG", "hand_sizes: {size} cards each for {players} players needs {needed} cards, but the deck "
                          "has 52; use at most {most} cards a hand"),
    # TRANSLATORS: keep "schedule" and the schedule names.
    M_("OH_SCHEDULE", "schedule {value} is not one of up, down, up_down, down_up (OH-6, OH-V1…V3)"),
    # TRANSLATORS: keep "rules.hand_sizes".
    M_("OH_RECORD_SIZES_NOT_LIST", "rules.hand_sizes must be a list of whole numbers"),
    # TRANSLATORS: hand {number} is the game's last, without trump.
    M_("OH_NO_TRUMP.last", "hand {number} is the last hand of the game, which is played without trump, so no card "
                           "is turned up (OH-7)"),
    # TRANSLATORS: hand {number} deals all {total} cards ({size} each to {players} players).
    M_("OH_NO_TRUMP.all_dealt", "hand {number} deals {size} cards to each of {players} players, all {total} cards of "
                                "the deck, so no card is left to turn up and the hand is played without trump "
                                "(OH-7, Ruling)"),
    # TRANSLATORS: Oh Hell start scores; keep "scores".
    M_("OH_SCORES", "scores must be {seats} whole numbers, one per seat, got {value}"),
    # TRANSLATORS: every hand of the game is dealt already ({n} hands).
    P_("OH_NO_MORE_HANDS", "the game has only {n} hand (OH-5)", "the game has only {n} hands (OH-5)"),
    # TRANSLATORS: keep "turn_up".
    M_("OH_TURN_UP_MISSING", "turn_up: hand {number} turns up a trump card (OH-7)"),
    # TRANSLATORS: keep "turn_up".
    M_("OH_TURN_UP_NONE", "turn_up: {problem}"),
    # TRANSLATORS: keep "turn_up"; {code} is a card code.
    M_("OH_TURN_UP_IN_HAND", "turn_up: {code} is also in a hand"),
    # TRANSLATORS: a record gives null for a hand that turns up a card; keep "null".
    M_("OH_RECORD_TURN_UP_NULL", "hand {number} turns up a trump card (OH-7); null is only for a hand without trump"),
    # TRANSLATORS: a record gives a card for a hand without trump; keep "null".
    M_("OH_RECORD_TURN_UP_NO_TRUMP", "{problem}; write null"),
    # TRANSLATORS: keep "turn_up" and "null".
    M_("OH_RECORD_TURN_UP_MISSING", "an Oh Hell hand needs turn_up (a card, or null when none is turned)"),
    # ------------------------------------------------------------------ the registry (engine/registry.py)
    # TRANSLATORS: {value} is the game asked for; {known} the games' record names.
    M_("NO_SUCH_GAME", "no game called {value} (known: {known})"),
    # TRANSLATORS: {game} is played by {counts} seats ("2 or 4"), not {value}; {rules} the rule ids.
    M_("SEATS", "{game} is for {counts} seats, not {value} ({rules})"),
    # TRANSLATORS: as above, {low} to {high} seats.
    M_("SEATS.range", "{game} is for {low} to {high} seats, not {value} ({rules})"),
    # TRANSLATORS: as above, and the one count {low} to write.
    M_("SEATS.write", "{game} is for {counts} seats, not {value} ({rules}): write the whole number {low}"),
    # TRANSLATORS: as above.
    M_("SEATS.range.write", "{game} is for {low} to {high} seats, not {value} ({rules}): write the whole number {low}"),
    # ------------------------------------------------------------------ program errors (engine/playcore.py, registry, text)
    # TRANSLATORS: a program asked for card number {k} of a card set {mask} (hexadecimal) that has fewer.
    M_("MASK_NO_CARD", "nth_card: mask {mask} has no card number {k}"),
    # TRANSLATORS: a program asked for a card from an empty card set.
    M_("MASK_EMPTY", "pick_card: no card to pick from (empty mask)"),
    # TRANSLATORS: a program gave a card set {mask} (hexadecimal) with cards beyond the 52.
    M_("MASK_BEYOND_DECK", "pick_card: mask {mask} has cards beyond index 51"),
    # TRANSLATORS: a program registered game {value} for {counts} seats twice.
    M_("REGISTRY_TAKEN", "{value} for [{counts}] seats is already registered"),
    # TRANSLATORS: {value} (quoted) is not a language code; keep the codes.
    M_("NOT_A_LANGUAGE", "{value} is not a language code (such as 'en', 'so', 'ha', 'ceb')"),
    # ------------------------------------------------------------------ hand records (engine/record.py, record_json.py)
    # Keep the field names, JSON words (true, null) and "HAND_RECORD.md" as they are.
    # TRANSLATORS: an error in a hand record: {field} is where (a JSON path, keep it), {problem} what.
    M_("RECORD_FIELD", "{field}: {problem}"),
    # TRANSLATORS: a number in a record with {digits} digits; {head} its first 30.
    M_("REC_NUMBER_DIGITS", "the number {head}… has {digits:,} digits; numbers in a record have at most {most} (a limit of HAND_RECORD.md, far beyond any real game)"),
    # TRANSLATORS: as above, a decimal number.
    M_("REC_NUMBER_MORE_DIGITS", "the number {head}… has more than {most} digits; numbers in a record have at most "
                                 "{most} (a limit of HAND_RECORD.md, far beyond any real game)"),
    # TRANSLATORS: the file is over 10 MB; {most} bytes.
    M_("REC_FILE_TOO_BIG", "the file is larger than 10 MB ({most:,} bytes); a hand record is at most 10 MB (a limit of HAND_RECORD.md, far beyond any real game)"),
    # TRANSLATORS: the file is not UTF-8 text from byte {byte}.
    M_("REC_NOT_UTF8", "the file is not UTF-8 text (byte {byte:,} cannot be read)"),
    # TRANSLATORS: the text given is over 10 MB.
    M_("REC_TEXT_TOO_BIG", "the record is larger than 10 MB ({most:,} bytes); a hand record is at most 10 MB (a limit of HAND_RECORD.md, far beyond any real game)"),
    # TRANSLATORS: a program gave a record's contents of the wrong type {type}.
    M_("REC_CONTENTS_TYPE", "a record file's contents are bytes or text, not {type}"),
    # TRANSLATORS: JSON nested deeper than {most} levels.
    M_("REC_TOO_DEEP", "the JSON is nested deeper than {most} levels (a limit of HAND_RECORD.md, far beyond any real game)"),
    # TRANSLATORS: JSON error {what} (Python's own words) at line {line}, column {column}.
    M_("REC_BAD_JSON", "not valid JSON ({what} at line {line}, column {column})"),
    # TRANSLATORS: JSON error of a kind {type}.
    M_("REC_BAD_JSON_TYPE", "not valid JSON ({type})"),
    # TRANSLATORS: a key {value} over {most} characters.
    M_("REC_KEY_TOO_LONG", "the key {value} is longer than {most} characters (a limit of HAND_RECORD.md, far beyond any real game)"),
    # TRANSLATORS: a text {value} of {length} characters.
    M_("REC_TEXT_TOO_LONG", "the text {value} has {length:,} characters; strings in a record have at most {most} (a limit of HAND_RECORD.md, far beyond any real game)"),
    # TRANSLATORS: a number {value} over {most} digits.
    M_("REC_INT_TOO_LONG", "{value} has more than {most} digits; numbers in a record have at most {most} (a limit of HAND_RECORD.md, far beyond any real game)"),
    # TRANSLATORS: {value} is not a seat number 0 … {high}.
    M_("REC_NOT_A_SEAT", "{value} is not a seat (0 to {high})"),
    # TRANSLATORS: as above, or a seat letter of {letters} (keep the letters).
    M_("REC_NOT_A_SEAT.letters", "{value} is not a seat (0 to {high}, or {letters})"),
    # TRANSLATORS: the record is not a JSON object.
    M_("REC_NOT_OBJECT", "a hand record is a JSON object"),
    # TRANSLATORS: the record's "format" is {value}, not {value2}.
    M_("REC_FORMAT", "expected {value2}, got {value}"),
    # TRANSLATORS: the record's "game" is {value}, not one of {known}.
    M_("REC_GAME", "expected {known}, got {value}"),
    # TRANSLATORS: "start" is not an object.
    M_("REC_START_NOT_OBJECT", "must be an object"),
    # TRANSLATORS: "start.scores" must be {n} numbers; {note} says how they are listed (" [NS, EW]").
    M_("REC_SCORES", "must be {n} whole numbers{note}"),
    # TRANSLATORS: "start.bags" must be two numbers 0 … {high}.
    M_("REC_BAGS.two", "must be two whole numbers 0 to {high}{note}"),
    # TRANSLATORS: as above, with house rule SP-H4 (keep "bag_limit").
    M_("REC_BAGS.two.house", "must be two whole numbers 0 to {high}{note} (bag_limit, SP-H4)"),
    # TRANSLATORS: "start.bags" must be {n} numbers 0 … {high}.
    M_("REC_BAGS", "must be {n} whole numbers 0 to {high}{note}"),
    # TRANSLATORS: as above, with house rule SP-H4.
    M_("REC_BAGS.house", "must be {n} whole numbers 0 to {high}{note} (bag_limit, SP-H4)"),
    # TRANSLATORS: "hands" is not a list.
    M_("REC_HANDS_NOT_LIST", "must be a list of hands"),
    # TRANSLATORS: {count} hands, more than {most}.
    M_("REC_TOO_MANY_HANDS", "the record has {count:,} hands; a record has at most {most:,} (a limit of HAND_RECORD.md, far beyond any real game)"),
    # TRANSLATORS: the {game} game has {n} hands; the record {count}.
    P_("REC_HAND_COUNT", "this {game} game has {n} hand, the record has {count} ({rule})",
       "this {game} game has {n} hands, the record has {count} ({rule})"),
    # TRANSLATORS: a hand is not an object.
    M_("REC_HAND_NOT_OBJECT", "each hand is an object"),
    # TRANSLATORS: keep "deal" and "deal_number".
    M_("REC_DEAL_AND_NUMBER", "give either deal or deal_number, not both"),
    # TRANSLATORS: {value} is not a deal number 0 … {high}.
    M_("REC_DEAL_NUMBER", "{value} is not a deal number (a whole number from 0 to {high})"),
    # TRANSLATORS: keep "deal" and "deal_number".
    M_("REC_NO_DEAL", "needs deal or deal_number"),
    # TRANSLATORS: hand {number} is dealt by seat {dealer_seat}, not {given}.
    M_("REC_HAND_DEALER", "hand {number} is dealt by seat {dealer_seat} (left of the last dealer), not seat {given}"),
    # TRANSLATORS: "actions" is not a list.
    M_("REC_ACTIONS_NOT_LIST", "must be a list"),
    # TRANSLATORS: {count} actions in a hand, more than {most}.
    M_("REC_TOO_MANY_ACTIONS", "the hand has {count:,} actions; a hand has at most {most:,} in a record (a limit of HAND_RECORD.md, far beyond any real game)"),
    # TRANSLATORS: "deal" is not an object.
    M_("REC_DEAL_NOT_OBJECT", "must be an object with one list of cards per seat"),
    # TRANSLATORS: seat {number} appears twice in a deal.
    M_("REC_SEAT_DEALT_TWICE", "seat {number} is dealt twice"),
    # TRANSLATORS: cards are not given as a list.
    M_("REC_CARDS_NOT_LIST", "must be a list of cards"),
    # TRANSLATORS: a seat dealt {count} cards; hand {number} deals {size}.
    M_("REC_HAND_SIZE", "has {count} cards; hand {number} deals {size} to each seat"),
    # TRANSLATORS: card {code} dealt twice; {where} is the other place (a JSON path).
    M_("REC_CARD_DEALT_TWICE", "{code} is dealt twice (also in {where})"),
    # TRANSLATORS: seat {number} has no cards in a deal.
    M_("REC_NO_CARDS_FOR_SEAT", "no cards for seat {number}"),
    # TRANSLATORS: a hand leaves out "turn_up" (keep it).
    M_("REC_TURN_UP_MISSING", "a hand needs turn_up"),
    # TRANSLATORS: the turned-up card {code} is also in a hand.
    M_("REC_TURN_UP_DEALT", "{code} is also dealt to a seat"),
    # TRANSLATORS: a game that turns up no card.
    M_("REC_NO_TURN_UP", "this game turns up no card"),
    # TRANSLATORS: Spades turns up no card.
    M_("REC_NO_TURN_UP.spades", "Spades turns up no card (spades are always trump, SP-2)"),
    # TRANSLATORS: an action is not an object with a seat.
    M_("REC_ACTION_NOT_OBJECT", "each action is an object with a seat"),
    # TRANSLATORS: a field is missing.
    M_("REC_MISSING", "missing"),
    # TRANSLATORS: keep bid, look, pass, play (JSON keys).
    M_("REC_ACTION_KIND", "an action has exactly one of bid, look, pass, play"),
    # TRANSLATORS: keep "true" (JSON).
    M_("REC_LOOK_NOT_TRUE", "must be true"),
    # TRANSLATORS: the file {value} cannot be read: {why} (the system's words).
    M_("REC_CANNOT_READ", "cannot read {value}: {why}"),
    # TRANSLATORS: {value} is a named pipe, a device or a folder.
    M_("REC_NOT_REGULAR", "{value} is not a regular file (a named pipe, a device or a folder is not read); give the "
                          "path of a record file"),
    # TRANSLATORS: hand {number} stops after {played} of {size} tricks, yet hand {next} follows.
    M_("REC_HAND_NOT_FINISHED_TRICKS", "hand {number} is not finished ({played} of {size} tricks played), so hand "
                                       "{next} cannot start"),
    # TRANSLATORS: hand {number} is not finished, yet hand {next} follows.
    M_("REC_HAND_NOT_FINISHED", "hand {number} is not finished, so hand {next} cannot start"),
    # TRANSLATORS: {seat} (a name) may not do an action of the record: {message} is the rule's sentence.
    M_("REC_ILLEGAL", "{seat} may not do this: {message} [{reason}, {rule}]"),
    # TRANSLATORS: a record that could not be loaded ({type} is a Python error's name).
    M_("REC_NOT_LOADED", "this record could not be loaded ({type}); it is not a valid hand record"),
)