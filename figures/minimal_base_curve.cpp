// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "figures/minimal_base_curve.h"

#include "io/file_access.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStandardPaths>

#include <atomic>
#include <cmath>
#include <map>
#include <mutex>
#include <thread>
#include <utility>

namespace rope::figures {

namespace {

// Bump when the algorithm or the stored fields change: an old cache is then ignored.
constexpr int kCacheVersion = 2;
// Contexts per chunk: a cancel waits for at most one chunk (≈ 2 searches per core).
constexpr std::size_t kChunk = 4;

std::vector<long long> logSpaced(long long first, long long last, int perDecade) {
    std::vector<long long> out;
    const double decades = std::log10(static_cast<double>(last) / static_cast<double>(first));
    const int n = static_cast<int>(std::ceil(decades * perDecade));
    for (int k = 0; k <= n; ++k) {
        const auto l = static_cast<long long>(
            std::llround(static_cast<double>(first) * std::pow(10.0, decades * k / n)));
        if (out.empty() || l > out.back()) {
            out.push_back(l);
        }
    }
    return out;
}

QString cachePath(int dim) {
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::CacheLocation);
    return QDir(dir).filePath(QStringLiteral("min-base-v%1-d%2.json").arg(kCacheVersion).arg(dim));
}

QJsonArray toJson(const std::vector<rope::MinimalBase>& results) {
    QJsonArray rows;
    for (const rope::MinimalBase& r : results) {
        rows.append(QJsonArray{r.found, r.base, r.lowerBracket,
                               static_cast<double>(r.argminDistance), r.minValue});
    }
    return rows;
}

std::vector<rope::MinimalBase> fromJson(const QJsonArray& rows, std::size_t limit) {
    std::vector<rope::MinimalBase> out;
    for (const QJsonValue& v : rows) {
        const QJsonArray row = v.toArray();
        if (row.size() != 5 || out.size() >= limit) {
            break;
        }
        rope::MinimalBase r;
        r.found = row.at(0).toBool();
        r.base = row.at(1).toDouble();
        r.lowerBracket = row.at(2).toDouble();
        r.argminDistance = static_cast<long long>(row.at(3).toDouble());
        r.minValue = row.at(4).toDouble();
        if (r.found && !(std::isfinite(r.base) && r.base >= 1.0)) {
            break; // a damaged file: keep what came before
        }
        out.push_back(r);
    }
    return out;
}

class Store {
public:
    ~Store() { stop(); }

    MinimalBaseCurveSnapshot snapshot(int dim, bool start) {
        std::unique_lock<std::mutex> lock(m_mutex);
        MinimalBaseCurveSnapshot& s = entry(dim);
        if (start && !s.complete() && !s.running && !s.cancelled && s.error.isEmpty()) {
            lock.unlock();
            launch(dim);
            lock.lock();
        }
        return entry(dim);
    }

    void resume(int dim) {
        {
            std::lock_guard<std::mutex> lock(m_mutex);
            entry(dim).cancelled = false;
        }
        snapshot(dim, true);
    }

    void cancel() {
        m_cancel = true;
        std::lock_guard<std::mutex> lock(m_mutex);
        for (auto& [dim, s] : m_curves) {
            if (s.running) {
                s.cancelled = true;
            }
        }
        if (m_nextDim >= 0) {
            entry(m_nextDim).running = false; // queued, never started
            m_nextDim = -1;
        }
    }

private:
    MinimalBaseCurveSnapshot& entry(int dim) {
        auto it = m_curves.find(dim);
        if (it == m_curves.end()) {
            MinimalBaseCurveSnapshot s;
            s.dim = dim;
            s.contexts = denseCurveContexts();
            s.thresholdContexts = denseThresholdContexts();
            QFile file(cachePath(dim));
            if (file.open(QIODevice::ReadOnly)) {
                const QJsonObject o = QJsonDocument::fromJson(file.readAll()).object();
                if (o.value(QStringLiteral("version")).toInt() == kCacheVersion &&
                    o.value(QStringLiteral("dim")).toInt() == dim) {
                    s.minimal = fromJson(o.value(QStringLiteral("minimal")).toArray(),
                                         s.contexts.size());
                    s.threshold = fromJson(o.value(QStringLiteral("threshold")).toArray(),
                                           s.thresholdContexts.size());
                }
            }
            it = m_curves.emplace(dim, std::move(s)).first;
        }
        return it->second;
    }

    void stop() {
        {
            std::lock_guard<std::mutex> lock(m_mutex);
            m_nextDim = -1;
        }
        m_cancel = true;
        if (m_thread.joinable()) {
            m_thread.join();
        }
    }

    // Never waits for a running job: the caller may be the GUI thread (Resume), and a job
    // finishes its chunk before it looks at m_cancel, seconds at large L (joining it here
    // froze the window for 5.5 s in the GUI monkey, seed 20261123). A running job takes
    // \p dim up itself once its chunk is done.
    void launch(int dim) {
        {
            std::lock_guard<std::mutex> lock(m_mutex);
            MinimalBaseCurveSnapshot& s = entry(dim);
            s.running = true;
            s.cancelled = false;
            if (m_threadAlive) {
                if (m_nextDim >= 0 && m_nextDim != dim) {
                    entry(m_nextDim).running = false; // superseded before it started
                }
                m_nextDim = dim;
                m_cancel = true;
                return;
            }
            m_threadAlive = true;
            m_cancel = false;
        }
        if (m_thread.joinable()) {
            m_thread.join(); // a finished job: its last step cleared m_threadAlive
        }
        m_thread = std::thread([this, dim] { run(dim); });
    }

    // Computes what is missing, chunk by chunk, saving after each chunk; then the d queued
    // by launch() meanwhile, if any.
    void run(int dim) {
        for (;;) {
            try {
                runCurve(dim, false);
                runCurve(dim, true);
            } catch (const std::exception& e) {
                std::lock_guard<std::mutex> lock(m_mutex);
                entry(dim).error = QString::fromUtf8(e.what());
            }
            std::lock_guard<std::mutex> lock(m_mutex);
            const int next = std::exchange(m_nextDim, -1);
            if (next >= 0) {
                if (next != dim) {
                    entry(dim).running = false;
                }
                dim = next; // entry(next).running was set by launch()
                m_cancel = false;
                continue;
            }
            entry(dim).running = false;
            m_threadAlive = false;
            return;
        }
    }

    void runCurve(int dim, bool threshold) {
        while (!m_cancel) {
            std::vector<long long> chunk;
            double start = 0;
            {
                std::lock_guard<std::mutex> lock(m_mutex);
                MinimalBaseCurveSnapshot& s = entry(dim);
                const auto& all = threshold ? s.thresholdContexts : s.contexts;
                const auto& done = threshold ? s.threshold : s.minimal;
                if (done.size() >= all.size()) {
                    return;
                }
                for (std::size_t k = done.size(); k < all.size() && chunk.size() < kChunk; ++k) {
                    chunk.push_back(all[k]);
                }
                // b* does not decrease with L: every base below the last lower bracket is
                // already proven infeasible for the longer contexts too.
                if (!threshold && !done.empty() && done.back().found) {
                    start = done.back().lowerBracket;
                }
            }
            std::vector<rope::MinimalBase> results(chunk.size());
            if (threshold) {
                for (std::size_t k = 0; k < chunk.size() && !m_cancel; ++k) {
                    results[k] = rope::allFeasibleAbove(chunk[k], dim);
                }
                if (m_cancel) {
                    return;
                }
            } else {
                rope::MinimalBaseOptions options;
                options.startBase = start;
                options.workLimit = 0.0; // a background job with progress and cancel
                rope::minimalBaseCurve(chunk, dim, options, 2,
                                       [&results](std::size_t i, const rope::MinimalBase& r) {
                                           results[i] = r;
                                       });
            }
            QByteArray json;
            {
                std::lock_guard<std::mutex> lock(m_mutex);
                MinimalBaseCurveSnapshot& s = entry(dim);
                auto& done = threshold ? s.threshold : s.minimal;
                done.insert(done.end(), results.begin(), results.end());
                json = QJsonDocument(QJsonObject{{QStringLiteral("version"), kCacheVersion},
                                                 {QStringLiteral("dim"), dim},
                                                 {QStringLiteral("minimal"), toJson(s.minimal)},
                                                 {QStringLiteral("threshold"),
                                                  toJson(s.threshold)}})
                           .toJson(QJsonDocument::Compact);
            }
            // A cache that cannot be written only costs the next start its time.
            QDir().mkpath(QFileInfo(cachePath(dim)).absolutePath());
            io::writeFileAtomically(cachePath(dim), json);
        }
    }

    std::mutex m_mutex;
    std::map<int, MinimalBaseCurveSnapshot> m_curves;
    std::thread m_thread;
    std::atomic<bool> m_cancel{false};
    bool m_threadAlive = false; // under m_mutex: m_thread has not finished run()
    int m_nextDim = -1;         // under m_mutex: the d to compute after the current job, or -1
};

Store& store() {
    static Store instance;
    return instance;
}

} // namespace

double MinimalBaseCurveSnapshot::progress() const noexcept {
    const double total = static_cast<double>(contexts.size() + thresholdContexts.size());
    return total > 0 ? static_cast<double>(minimal.size() + threshold.size()) / total : 1.0;
}

bool MinimalBaseCurveSnapshot::complete() const noexcept {
    return minimal.size() >= contexts.size() && threshold.size() >= thresholdContexts.size();
}

std::vector<long long> denseCurveContexts() {
    return logSpaced(256, 1LL << 20, 100);
}

std::vector<long long> denseThresholdContexts() {
    return logSpaced(256, 8192, 100);
}

MinimalBaseCurveSnapshot minimalBaseCurve(int dim, bool start) {
    return store().snapshot(dim, start);
}

void cancelMinimalBaseCurve() {
    store().cancel();
}

void resumeMinimalBaseCurve(int dim) {
    store().resume(dim);
}

} // namespace rope::figures
