// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/cli/cli_common.h"
#include "app/cli/commands.h"
#include "core/base_bound.h"
#include "core/rope_params.h"

#include <QTextStream>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

namespace rope::cli {

namespace {

// The fields shared by a single result and a line of --range.
std::string resultFields(const MinimalBase& r) {
    return "\"base\":" + jsonNumber(r.base) + ",\"lower_bracket\":" + jsonNumber(r.lowerBracket) +
           ",\"argmin_m\":" + std::to_string(r.argminDistance) +
           ",\"min_f\":" + jsonNumber(r.minValue);
}

[[noreturn]] void notFound(long long context, int dim, const MinimalBase& r) {
    throw InvalidParameter("context",
                           "no base b <= 1e30 keeps the cosine sum >= 0 for every m < " +
                               std::to_string(context) + " at dim " + std::to_string(dim) +
                               " (it is negative at m = " + std::to_string(r.witness) + ")");
}

// N log-spaced integers from LMIN to LMAX (rounded, repeats dropped).
std::vector<long long> parseRange(const QString& text) {
    const QStringList parts = text.split(QLatin1Char(':'));
    if (parts.size() != 3) {
        throw UsageError("--range expects LMIN:LMAX:N, got '" + text.toStdString() + "'");
    }
    const long long lmin = parseInteger(parts[0], QStringLiteral("range"));
    const long long lmax = parseInteger(parts[1], QStringLiteral("range"));
    const long long n = parseInteger(parts[2], QStringLiteral("range"));
    if (lmin < 1 || lmax > limits::kMaxContext || lmin > lmax) {
        throw InvalidParameter(
            "range", "--range needs 1 <= LMIN <= LMAX <= " + std::to_string(limits::kMaxContext) +
                         ", got " + std::to_string(lmin) + ":" + std::to_string(lmax));
    }
    if (n < 1 || n > 100000 || (n == 1 && lmin != lmax)) {
        throw InvalidParameter("range", "--range needs N in [2, 100000] (or N = 1 with LMIN = "
                                        "LMAX), got " +
                                            std::to_string(n));
    }
    std::vector<long long> out;
    const double ratio = std::log(static_cast<double>(lmax) / static_cast<double>(lmin));
    for (long long k = 0; k < n; ++k) {
        const double x = n == 1 ? 0.0 : static_cast<double>(k) / static_cast<double>(n - 1);
        long long l = std::llround(static_cast<double>(lmin) * std::exp(ratio * x));
        l = std::clamp(l, lmin, lmax);
        if (k == n - 1) {
            l = lmax;
        }
        if (out.empty() || l > out.back()) {
            out.push_back(l);
        }
    }
    return out;
}

} // namespace

int runMinBase(const QStringList& args) {
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Smallest RoPE base b* with f(m) = Σ_i cos(m·b^(−2i/d)) >= 0 for every integer m in\n"
        "[0, L) (Su, kexue.fm/archives/10122; Men et al., arXiv 2405.14591), bracketed to\n"
        "relative width <= 1e-9 by a certified sweep over ln b (docs/base-bound.md): every base\n"
        "below lower_bracket is proven infeasible, base is verified feasible.\n"
        "Output: {\"base\":b*,\"lower_bracket\":lo,\"argmin_m\":m,\"min_f\":f} where m is the\n"
        "binding distance and f = min over m of f at base. --range streams one such line per L,\n"
        "with \"context\":L first. --all-above prints the fields all_above (b_T), lower_bracket,\n"
        "witness_m, argmin_m and min_f."));
    parser.addOptions({
        {QStringLiteral("dim"), QStringLiteral("Head dimension d (even)."), QStringLiteral("D"),
         QStringLiteral("128")},
        {QStringLiteral("context"), QStringLiteral("Context length L (tokens), 1…67108864."),
         QStringLiteral("L")},
        {QStringLiteral("m-inclusive"),
         QStringLiteral("Check m in [0, L] (Men et al. 2024) instead of [0, L) (Su).")},
        {QStringLiteral("all-above"),
         QStringLiteral("Print instead the threshold b_T >= b* above which every base is "
                        "feasible (certified; context × d/2 <= 2^22).")},
        {QStringLiteral("range"),
         QStringLiteral("Instead of --context: N log-spaced contexts from LMIN to LMAX (repeats "
                        "dropped), one JSON line each, in order, computed on two threads."),
         QStringLiteral("LMIN:LMAX:N")},
        {QStringLiteral("threads"), QStringLiteral("Threads for --range, 1…64 (default 2)."),
         QStringLiteral("T"), QStringLiteral("2")},
        {QStringLiteral("backend"),
         QStringLiteral("Evaluator of the sweep: fast (SLEEF vector sincos, scans on every core, "
                        "MPFR where double cannot decide; default) or reference (the serial "
                        "evaluator before issue #26). Same certificate."),
         QStringLiteral("NAME"), QStringLiteral("fast")},
        {QStringLiteral("grid"),
         QStringLiteral("Deprecated and ignored: the search no longer uses a grid (accepted for "
                        "old scripts, with a note on stderr)."),
         QStringLiteral("N")},
    });
    if (!parseArguments(parser, args)) {
        return 0;
    }
    const long long dim = parseInteger(parser.value(QStringLiteral("dim")), QStringLiteral("dim"));
    // Range-check before narrowing to int; the core checks parity and the exact limits.
    if (dim < 0 || dim > limits::kMaxDim) {
        throw InvalidParameter("dim", "dim must be an even integer in [2, " +
                                          std::to_string(limits::kMaxDim) + "], got " +
                                          std::to_string(dim));
    }
    if (parser.isSet(QStringLiteral("grid"))) {
        parseInteger(parser.value(QStringLiteral("grid")), QStringLiteral("grid"));
        QTextStream(stderr) << "rope-cli min-base: --grid is deprecated and ignored (the search "
                               "is a certified sweep, not a grid)\n";
    }
    MinimalBaseOptions options;
    options.includeContext = parser.isSet(QStringLiteral("m-inclusive"));
    const QString backend = parser.value(QStringLiteral("backend"));
    if (backend == QLatin1String("reference")) {
        options.backend = SweepBackend::Reference;
    } else if (backend != QLatin1String("fast")) {
        throw InvalidParameter("backend", "--backend must be fast or reference, got '" +
                                              backend.toStdString() + "'");
    }
    const bool allAbove = parser.isSet(QStringLiteral("all-above"));

    if (parser.isSet(QStringLiteral("range"))) {
        if (parser.isSet(QStringLiteral("context"))) {
            throw UsageError("--range and --context are exclusive");
        }
        if (allAbove) {
            throw UsageError("--range and --all-above are exclusive");
        }
        const long long threads =
            parseInteger(parser.value(QStringLiteral("threads")), QStringLiteral("threads"));
        if (threads < 1 || threads > 64) {
            throw InvalidParameter("threads",
                                   "--threads must be in [1, 64], got " + std::to_string(threads));
        }
        const std::vector<long long> contexts = parseRange(parser.value(QStringLiteral("range")));
        validateDim(static_cast<int>(dim), "dim");
        minimalBaseCurve(contexts, static_cast<int>(dim), options, static_cast<int>(threads),
                         [&](std::size_t k, const MinimalBase& r) {
                             if (!r.found) {
                                 notFound(contexts[k], static_cast<int>(dim), r);
                             }
                             printJson("{\"context\":" + std::to_string(contexts[k]) + "," +
                                       resultFields(r) + "}");
                         });
        return 0;
    }

    const long long context =
        parseInteger(requiredValue(parser, QStringLiteral("context")), QStringLiteral("context"));
    if (allAbove) {
        const MinimalBase r = allFeasibleAbove(context, static_cast<int>(dim), options);
        if (!r.found) {
            notFound(context, static_cast<int>(dim), r);
        }
        printJson("{\"all_above\":" + jsonNumber(r.base) + ",\"lower_bracket\":" +
                  jsonNumber(r.lowerBracket) + ",\"witness_m\":" + std::to_string(r.witness) +
                  ",\"argmin_m\":" + std::to_string(r.argminDistance) +
                  ",\"min_f\":" + jsonNumber(r.minValue) + "}");
        return 0;
    }
    const MinimalBase result = minimalBase(context, static_cast<int>(dim), options);
    if (!result.found) {
        notFound(context, static_cast<int>(dim), result);
    }
    printJson("{" + resultFields(result) + "}");
    return 0;
}

} // namespace rope::cli
