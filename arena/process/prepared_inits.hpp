// Inits prepared ahead of the bots that will need them. Contained bots (bot_process.hpp) get a
// PID namespace whose init was made while the previous game played: a thread of the process
// layer's own, which lives as long as the process, keeps a few of them waiting as children of
// this process, named arena-bot-init, until a bot takes one or the process ends (the kernel then
// kills them: their death signal follows that thread). How: containment.md.
#pragma once

namespace arena::process {

// Whether contained bots start from prepared inits here: the init run in the arena's process
// (x86-64, not a sanitizer build, not ARENA_INIT=exec), and not ARENA_PREPARED_INITS=0.
bool inits_prepared_ahead();

// Ends and reaps the inits waiting now, for a caller that wants no child left (more are
// prepared at the next bot's start).
void end_prepared_inits();

}  // namespace arena::process
