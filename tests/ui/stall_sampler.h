// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A stall sampler for the GUI monkey: where was the GUI thread while the event loop was blocked?
// A random walk is not deterministic (computations on the pool finish at different times), so
// a block seen once may never come back in a replay; a profiler run over the whole walk drowns
// the block in everything else. This samples the GUI thread's stack only while it is late.
//
// A watchdog thread wakes every few ms; once the heartbeat (beat(), from a GUI-thread timer) is
// older than kSampleFromMs, it sends the GUI thread a signal every kSampleEveryMs, and the
// handler stores the stack (backtrace(3)). When the heartbeat comes back after a block longer
// than the threshold, the watchdog prints the stall's length, the action it began in, and an
// inclusive profile: each function with the share of samples it was on the stack in, most frequent
// first. Sampling from early on, not from the threshold, profiles the whole block: a 120 ms block
// seen only after a 100 ms threshold showed its last 20 ms, the buffer copies that end every frame.
// The executable is linked with -rdynamic (ENABLE_EXPORTS) so that backtrace_symbols names the
// project's own functions. Opt-in (ROPE_MONKEY_STACKS=<ms>): the sampling itself costs the GUI
// thread a few µs a sample.

#include <algorithm>
#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cxxabi.h>
#include <execinfo.h>
#include <map>
#include <mutex>
#include <pthread.h>
#include <string>
#include <sys/syscall.h>
#include <thread>
#include <unistd.h>
#include <vector>

namespace rope::test {

class StallSampler {
public:
    /// Samples the calling thread (the GUI thread) once the heartbeat is older than
    /// thresholdMs. Prints to stdout, prefixed with "stall sampler:".
    explicit StallSampler(int thresholdMs)
        : m_thresholdMs(thresholdMs), m_target(pthread_self()),
          m_targetTid(static_cast<long>(syscall(SYS_gettid))) {
        // backtrace() loads libgcc on its first call, which must not happen inside the handler.
        void* warm[4];
        backtrace(warm, 4);
        struct sigaction action {};
        action.sa_handler = &StallSampler::onSignal;
        sigemptyset(&action.sa_mask);
        action.sa_flags = SA_RESTART;
        sigaction(signalNumber(), &action, nullptr);
        beat();
        m_watchdog = std::thread([this] { watch(); });
    }
    ~StallSampler() {
        m_stop.store(true);
        m_watchdog.join();
        signal(signalNumber(), SIG_DFL);
    }
    StallSampler(const StallSampler&) = delete;
    StallSampler& operator=(const StallSampler&) = delete;

    /// The GUI thread ran its event loop: not late any more.
    void beat() { m_lastBeat.store(nowMs()); }
    /// The walk's current action number (printed with a stall).
    void setAction(int action) { m_action.store(action); }
    /// What action `action` did (printed with a stall that spans it).
    void describe(int action, const std::string& what) {
        const std::lock_guard lock(m_textMutex);
        m_text[action] = what;
        while (m_text.size() > 64) {
            m_text.erase(m_text.begin());
        }
    }

private:
    static constexpr int kSampleEveryMs = 5;
    static constexpr int kSampleFromMs = 10;
    static constexpr int kMaxSamples = 400;
    static constexpr int kDepth = 48;

    static int signalNumber() { return SIGRTMIN + 5; }

    // The GUI thread's own counters from the kernel (proc(5), /proc/PID/task/TID/stat): minor
    // page faults, and user and system time in clock ticks. A block whose time is system time
    // and page faults is the kernel mapping fresh memory, not the code on the stack computing.
    struct ThreadCounters {
        unsigned long minorFaults = 0;
        unsigned long userTicks = 0;
        unsigned long systemTicks = 0;
    };
    ThreadCounters targetCounters() const {
        ThreadCounters c;
        char path[64];
        std::snprintf(path, sizeof path, "/proc/self/task/%ld/stat", m_targetTid);
        std::FILE* f = std::fopen(path, "r");
        if (f == nullptr) {
            return c;
        }
        char line[1024];
        const bool read = std::fgets(line, sizeof line, f) != nullptr;
        std::fclose(f);
        // The command name (field 2) is in parentheses and may hold spaces: count from the
        // last ')'. Fields 3… follow: state, ppid, pgrp, session, tty, tpgid, flags, minflt
        // (10), cminflt, majflt, cmajflt, utime (14), stime (15).
        const char* rest = read ? std::strrchr(line, ')') : nullptr;
        if (rest != nullptr) {
            char state = 0;
            long skip = 0;
            unsigned long cminflt = 0, majflt = 0, cmajflt = 0;
            unsigned long flags = 0;
            std::sscanf(rest + 1, " %c %ld %ld %ld %ld %ld %lu %lu %lu %lu %lu %lu %lu", &state,
                        &skip, &skip, &skip, &skip, &skip, &flags, &c.minorFaults, &cminflt,
                        &majflt, &cmajflt, &c.userTicks, &c.systemTicks);
        }
        return c;
    }
    static long long nowMs() {
        return std::chrono::duration_cast<std::chrono::milliseconds>(
                   std::chrono::steady_clock::now().time_since_epoch())
            .count();
    }

    // The handler's storage: one sample at a time (the watchdog waits for each).
    static inline void* s_frames[kDepth];
    static inline std::atomic<int> s_depth{-1};
    static void onSignal(int) { s_depth.store(backtrace(s_frames, kDepth)); }

    void watch() {
        std::vector<std::vector<void*>> samples;
        long long stallStart = 0;
        int firstAction = 0;
        int lastAction = 0;
        ThreadCounters atStart;
        while (!m_stop.load()) {
            std::this_thread::sleep_for(std::chrono::milliseconds(kSampleEveryMs));
            const long long now = nowMs();
            const long long late = now - m_lastBeat.load();
            if (late > std::min(kSampleFromMs, m_thresholdMs)) {
                if (samples.empty()) {
                    stallStart = m_lastBeat.load();
                    firstAction = m_action.load();
                    atStart = targetCounters();
                }
                lastAction = m_action.load();
                if (static_cast<int>(samples.size()) < kMaxSamples) {
                    s_depth.store(-1);
                    pthread_kill(m_target, signalNumber());
                    for (int wait = 0; wait < 200 && s_depth.load() < 0; ++wait) {
                        std::this_thread::sleep_for(std::chrono::microseconds(50));
                    }
                    const int depth = s_depth.load();
                    if (depth > 0) {
                        samples.emplace_back(s_frames, s_frames + depth);
                    }
                }
            } else if (!samples.empty()) {
                const long long stallMs = m_lastBeat.load() - stallStart;
                if (stallMs >= m_thresholdMs) {
                    report(samples, stallMs, firstAction, lastAction, atStart, targetCounters());
                }
                samples.clear();
            }
        }
    }

    static std::string functionName(void* address) {
        char** symbols = backtrace_symbols(&address, 1);
        std::string text = symbols != nullptr ? symbols[0] : "?";
        std::free(symbols);
        // "binary(mangled+0x12) [0x...]": demangle the part between '(' and '+'.
        const auto open = text.find('(');
        const auto plus = text.find('+', open == std::string::npos ? 0 : open);
        if (open != std::string::npos && plus != std::string::npos && plus > open + 1) {
            const std::string mangled = text.substr(open + 1, plus - open - 1);
            int status = 0;
            char* plain = abi::__cxa_demangle(mangled.c_str(), nullptr, nullptr, &status);
            std::string name = status == 0 && plain != nullptr ? plain : mangled;
            std::free(plain);
            // Templates make names long; a profile line needs the function, not every argument.
            if (name.size() > 160) {
                name = name.substr(0, 157) + "...";
            }
            return name;
        }
        return text;
    }

    void report(const std::vector<std::vector<void*>>& samples, long long stallMs, int firstAction,
                int lastAction, const ThreadCounters& before, const ThreadCounters& after) const {
        // Inclusive counts: a function counts once per sample it is on the stack in. Ties are
        // listed outermost first (mean distance from main), so the list reads as a call path.
        struct Seen {
            int count = 0;
            double rootDistance = 0;
        };
        std::map<std::string, Seen> counts;
        std::map<void*, std::string> names;
        for (const std::vector<void*>& stack : samples) {
            std::map<std::string, bool> seen;
            // Frame 0 is the handler, frame 1 the signal trampoline.
            for (std::size_t k = 2; k < stack.size(); ++k) {
                auto found = names.find(stack[k]);
                if (found == names.end()) {
                    found = names.emplace(stack[k], functionName(stack[k])).first;
                }
                if (!seen[found->second]) {
                    seen[found->second] = true;
                    Seen& entry = counts[found->second];
                    ++entry.count;
                    entry.rootDistance += static_cast<double>(stack.size() - k);
                }
            }
        }
        std::vector<std::pair<Seen, std::string>> ranked;
        for (const auto& [name, entry] : counts) {
            ranked.emplace_back(Seen{entry.count, entry.rootDistance / entry.count}, name);
        }
        std::sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) {
            if (a.first.count != b.first.count) {
                return a.first.count > b.first.count;
            }
            return a.first.rootDistance < b.first.rootDistance;
        });
        std::printf("stall sampler: GUI thread blocked ~%lld ms from action #%d to #%d, %zu "
                    "samples; functions on the stack (share of samples):\n",
                    stallMs, firstAction, lastAction, samples.size());
        const double tickMs = 1000.0 / static_cast<double>(sysconf(_SC_CLK_TCK));
        std::printf("stall sampler:   GUI thread from the first sample on: %lu minor page faults, "
                    "%.0f ms user, %.0f ms system\n",
                    after.minorFaults - before.minorFaults,
                    tickMs * static_cast<double>(after.userTicks - before.userTicks),
                    tickMs * static_cast<double>(after.systemTicks - before.systemTicks));
        {
            const std::lock_guard lock(m_textMutex);
            for (int action = std::max(firstAction - 1, lastAction - 5); action <= lastAction;
                 ++action) {
                const auto found = m_text.find(action);
                std::printf("stall sampler:   action #%d: %s\n", action,
                            found == m_text.end() ? "?" : found->second.c_str());
            }
        }
        int shown = 0;
        for (const auto& [entry, name] : ranked) {
            if (shown++ == 60) {
                break;
            }
            std::printf("stall sampler:   %3.0f%%  %s\n", 100.0 * entry.count / samples.size(),
                        name.c_str());
        }
        std::fflush(stdout);
    }

    const int m_thresholdMs;
    const pthread_t m_target;
    const long m_targetTid;
    std::atomic<long long> m_lastBeat{0};
    std::atomic<int> m_action{0};
    std::atomic<bool> m_stop{false};
    mutable std::mutex m_textMutex;
    std::map<int, std::string> m_text;
    std::thread m_watchdog;
};

} // namespace rope::test
