#include "arena/tournament/game_finisher.hpp"

namespace arena::tournament {

GameFinisher::GameFinisher(Finish finish, bool overlap) : finish_(std::move(finish)) {
    if (overlap) thread_ = std::jthread([this] { work(); });
}

GameFinisher::~GameFinisher() {
    {
        std::lock_guard guard(lock_);
        closing_ = true;
    }
    changed_.notify_all();
}  // thread_ joins once work() has finished the game waiting, if any

void GameFinisher::add(PlayedGame game) {
    if (!thread_.joinable()) {
        finish_(std::move(game));
        return;
    }
    std::unique_lock guard(lock_);
    changed_.wait(guard, [&] { return !waiting_; });
    waiting_ = std::move(game);
    guard.unlock();
    changed_.notify_all();
}

void GameFinisher::work() {
    std::unique_lock guard(lock_);
    while (true) {
        changed_.wait(guard, [&] { return waiting_ || closing_; });
        if (!waiting_) return;  // closing, nothing left
        PlayedGame game = std::move(*waiting_);
        waiting_.reset();
        guard.unlock();
        changed_.notify_all();  // room for the worker's next game
        finish_(std::move(game));
        guard.lock();
    }
}

}  // namespace arena::tournament
