// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/cli/cli_common.h"
#include "app/cli/commands.h"
#include "core/base_bound.h"
#include "core/base_bound_tables.h"
#include "core/rope_params.h"

#include <QFile>
#include <QTextStream>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <cmath>
#include <cstdio>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <vector>

namespace rope::cli {

namespace {

// The floors of issue #26 (wall time, two threads): b*(2^20, 128) ≤ 1 s, the dense curve
// ≤ 10 s, the published-tables view ≤ 2 s cold.
struct Task {
    const char* name;
    double floorSeconds;
    // Runs the task with `options` and returns every result, for comparing the backends.
    std::function<std::vector<MinimalBase>(const MinimalBaseOptions&)> run;
};

// 100 contexts per decade from 256 to 2^20 (log-spaced, rounded, repeats dropped): the list of
// `min-base --range 256:1048576:364`.
std::vector<long long> denseContexts() {
    const long long lmin = 256;
    const long long lmax = 1LL << 20;
    const long long n = 364;
    std::vector<long long> out;
    const double ratio = std::log(static_cast<double>(lmax) / static_cast<double>(lmin));
    for (long long k = 0; k < n; ++k) {
        const double x = static_cast<double>(k) / static_cast<double>(n - 1);
        long long l = std::clamp(
            std::llround(static_cast<double>(lmin) * std::exp(ratio * x)), lmin, lmax);
        if (k == n - 1) {
            l = lmax;
        }
        if (out.empty() || l > out.back()) {
            out.push_back(l);
        }
    }
    return out;
}

// What the published-tables view computes the first time: every printed base checked (one scan
// each) and b* for every row up to 2^17 in that row's convention (once per distinct search).
std::vector<MinimalBase> publishedTables(const MinimalBaseOptions& base) {
    std::vector<MinimalBase> out;
    std::set<std::tuple<long long, int, bool>> searched;
    for (const PublishedMinimalBase& row : publishedMinimalBases()) {
        const bool men = row.source == BaseTableSource::Men2024;
        const PublishedBaseCheck check = checkPublishedBase(row, men);
        (void)check;
        if (row.context <= (1LL << 17) && searched.insert({row.context, row.dim, men}).second) {
            MinimalBaseOptions options = base;
            options.includeContext = men;
            out.push_back(minimalBase(row.context, row.dim, options));
        }
    }
    return out;
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n % 2 == 1 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

std::string seconds(double s) {
    char text[32];
    std::snprintf(text, sizeof text, "%.3f", s);
    return text;
}

std::string loadAverage() {
    QFile file(QStringLiteral("/proc/loadavg"));
    if (!file.open(QIODevice::ReadOnly)) {
        return "unknown";
    }
    return QString::fromUtf8(file.readAll()).section(QLatin1Char(' '), 0, 2).toStdString();
}

} // namespace

int runBenchMinBase(const QStringList& args) {
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Times the certified b* sweep (min-base) with the old evaluator (reference: glibc\n"
        "sincos, one thread), the first fast one (baseline: SLEEF vector sincos, scans on\n"
        "--threads threads, MPFR where double cannot decide) and the current one (fast: the\n"
        "same with a screened pool walk and chunks of b on two threads), in one run:\n"
        "b*(2^20, 128), the dense b*(L) curve (100 contexts per decade, 256 … 2^20,\n"
        "d = 128, two chains) and the published-tables view (22 checks, b* up to 2^17).\n"
        "Prints the median wall and CPU time of --runs runs, the floor of issue #26, and\n"
        "whether the backends found the same brackets as the reference (bit for bit, or\n"
        "their largest relative difference)."));
    parser.addOptions({
        {QStringLiteral("runs"), QStringLiteral("Runs per task and backend, 1…20 (default 3)."),
         QStringLiteral("N"), QStringLiteral("3")},
        {QStringLiteral("threads"),
         QStringLiteral("Threads of the fast backends, 1…64 (default 2; the reference has 1, "
                        "the curve two chains for every backend)."),
         QStringLiteral("T"), QStringLiteral("2")},
        {QStringLiteral("tasks"),
         QStringLiteral("Comma-separated subset of single, curve, tables (default all)."),
         QStringLiteral("LIST"), QStringLiteral("single,curve,tables")},
        {QStringLiteral("backends"),
         QStringLiteral("Comma-separated subset of reference, baseline, fast (default all; the "
                        "brackets are compared with the reference's when it runs)."),
         QStringLiteral("LIST"), QStringLiteral("reference,baseline,fast")},
    });
    if (!parseArguments(parser, args)) {
        return 0;
    }
    const long long runs =
        parseInteger(parser.value(QStringLiteral("runs")), QStringLiteral("runs"));
    if (runs < 1 || runs > 20) {
        throw InvalidParameter("runs", "--runs must be in [1, 20], got " + std::to_string(runs));
    }
    const long long threads =
        parseInteger(parser.value(QStringLiteral("threads")), QStringLiteral("threads"));
    if (threads < 1 || threads > 64) {
        throw InvalidParameter("threads",
                               "--threads must be in [1, 64], got " + std::to_string(threads));
    }
    const std::vector<Task> all = {
        {"single", 1.0,
         [](const MinimalBaseOptions& o) {
             return std::vector<MinimalBase>{minimalBase(1LL << 20, 128, o)};
         }},
        {"curve", 10.0,
         [](const MinimalBaseOptions& o) {
             const std::vector<long long> contexts = denseContexts();
             std::vector<MinimalBase> out(contexts.size());
             minimalBaseCurve(contexts, 128, o, 2,
                              [&out](std::size_t k, const MinimalBase& r) { out[k] = r; });
             return out;
         }},
        {"tables", 2.0, publishedTables},
    };
    std::vector<const Task*> tasks;
    for (const QString& name : parser.value(QStringLiteral("tasks")).split(QLatin1Char(','))) {
        const auto it = std::find_if(all.begin(), all.end(), [&name](const Task& t) {
            return name == QLatin1String(t.name);
        });
        if (it == all.end()) {
            throw InvalidParameter("tasks", "--tasks takes single, curve or tables, got '" +
                                                name.toStdString() + "'");
        }
        tasks.push_back(&*it);
    }
    std::vector<SweepBackend> backends;
    for (const QString& name : parser.value(QStringLiteral("backends")).split(QLatin1Char(','))) {
        if (name == QLatin1String("reference")) {
            backends.push_back(SweepBackend::Reference);
        } else if (name == QLatin1String("baseline")) {
            backends.push_back(SweepBackend::FastBaseline);
        } else if (name == QLatin1String("fast")) {
            backends.push_back(SweepBackend::Fast);
        } else {
            throw InvalidParameter("backends", "--backends takes reference, baseline or fast, "
                                               "got '" +
                                                   name.toStdString() + "'");
        }
    }
    QTextStream out(stdout);
    out << "load average before: " << QString::fromStdString(loadAverage()) << "\n";
    // Wall time is what the floors are about; CPU time (all threads of the process) is what a
    // loaded machine does not inflate.
    out << "task    backend    median wall (s)  median CPU (s)  wall of each run     floor (s)\n";
    for (const Task* task : tasks) {
        std::map<SweepBackend, std::vector<MinimalBase>> results;
        for (const SweepBackend backend : backends) {
            MinimalBaseOptions options;
            options.backend = backend;
            options.threads = backend != SweepBackend::Reference ? static_cast<int>(threads) : 1;
            // No cap: the old evaluator needs more than the CLI's at 2^20 on a loaded machine.
            options.workLimit = 0.0;
            std::vector<double> wall;
            std::vector<double> cpu;
            std::string each;
            for (long long r = 0; r < runs; ++r) {
                const auto start = std::chrono::steady_clock::now();
                const std::clock_t cpuStart = std::clock();
                results[backend] = task->run(options);
                cpu.push_back(static_cast<double>(std::clock() - cpuStart) / CLOCKS_PER_SEC);
                wall.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                                             start)
                                   .count());
                each += (each.empty() ? "" : " ") + seconds(wall.back());
            }
            out << QString::fromLatin1(task->name).leftJustified(8)
                << QString::fromLatin1(backend == SweepBackend::Fast           ? "fast"
                                       : backend == SweepBackend::FastBaseline ? "baseline"
                                                                               : "reference")
                       .leftJustified(11)
                << QString::fromStdString(seconds(median(wall))).leftJustified(17)
                << QString::fromStdString(seconds(median(cpu))).leftJustified(16)
                << QString::fromStdString(each).leftJustified(21)
                << (backend == SweepBackend::Fast
                        ? QString::fromStdString(seconds(task->floorSeconds))
                        : QString())
                << "\n";
            out.flush();
        }
        // Same brackets as the reference? Bit for bit, or the largest relative difference of
        // either end, for each fast backend.
        for (const SweepBackend backend : {SweepBackend::FastBaseline, SweepBackend::Fast}) {
            if (results.count(SweepBackend::Reference) == 0 || results.count(backend) == 0) {
                continue;
            }
            const std::vector<MinimalBase>& a = results[SweepBackend::Reference];
            const std::vector<MinimalBase>& b = results[backend];
            long long identical = 0;
            double worst = 0.0;
            bool overlap = true;
            for (std::size_t k = 0; k < a.size() && k < b.size(); ++k) {
                if (a[k].base == b[k].base && a[k].lowerBracket == b[k].lowerBracket) {
                    ++identical;
                }
                worst = std::max({worst, std::abs(b[k].base / a[k].base - 1.0),
                                  std::abs(b[k].lowerBracket / a[k].lowerBracket - 1.0)});
                overlap =
                    overlap && a[k].lowerBracket <= b[k].base && b[k].lowerBracket <= a[k].base;
            }
            char line[220];
            std::snprintf(line, sizeof line,
                          "%-8s %-9s brackets vs reference: %lld of %zu identical, largest "
                          "relative difference %.2e, %s\n",
                          task->name, backend == SweepBackend::Fast ? "fast" : "baseline",
                          identical, a.size(), worst,
                          overlap ? "every pair overlaps" : "SOME PAIR DOES NOT OVERLAP");
            out << line;
        }
    }
    out << "load average after: " << QString::fromStdString(loadAverage()) << "\n";
    return 0;
}

} // namespace rope::cli
