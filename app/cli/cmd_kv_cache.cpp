// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/cli/cli_common.h"
#include "app/cli/commands.h"
#include "core/kv_cache.h"

namespace rope::cli {

int runKvCache(const QStringList& args) {
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Dynamic NTK and the KV cache: the key at k-pos was rotated when the sequence was "
        "cached-len long; the query at q-pos is rotated now, at seq-len. Scores for q = k = "
        "(1/sqrt(D), ...): score_consistent rotates both with today's frequencies, "
        "score_cached_key keeps the key's old rotation.\n"
        "Output: {\"score_consistent\":x,\"score_cached_key\":y}"));
    parser.addOptions({
        {QStringLiteral("dim"), QStringLiteral("Head dimension D (even, >= 4)."),
         QStringLiteral("D"), QStringLiteral("128")},
        {QStringLiteral("base"), QStringLiteral("RoPE base b."), QStringLiteral("B"),
         QStringLiteral("10000")},
        {QStringLiteral("factor"), QStringLiteral("Dynamic NTK factor s (>= 1)."),
         QStringLiteral("S")},
        {QStringLiteral("original-context"), QStringLiteral("max_position_embeddings L0 (tokens)."),
         QStringLiteral("L0")},
        {QStringLiteral("cached-len"),
         QStringLiteral("Sequence length when the key was cached (k-pos < C <= seq-len)."),
         QStringLiteral("C")},
        {QStringLiteral("seq-len"), QStringLiteral("Sequence length now."), QStringLiteral("L")},
        {QStringLiteral("q-pos"), QStringLiteral("Query position M (k-pos <= M < seq-len)."),
         QStringLiteral("M")},
        {QStringLiteral("k-pos"), QStringLiteral("Key position N (N < cached-len)."),
         QStringLiteral("N")},
    });
    if (!parseArguments(parser, args)) {
        return 0;
    }
    const auto integer = [&](const char* flag) {
        const QString f = QString::fromLatin1(flag);
        return parseInteger(requiredValue(parser, f), f);
    };
    const auto optionalInteger = [&](const char* flag) {
        const QString f = QString::fromLatin1(flag);
        return parseInteger(parser.value(f), f);
    };
    const long long dim = optionalInteger("dim");
    const long long originalContext = integer("original-context");
    if (dim < 4 || dim > limits::kMaxDim || dim % 2 != 0) {
        throw InvalidParameter("dim", "dim must be an even integer in [4, 8192], got " +
                                          std::to_string(dim));
    }
    if (originalContext < 1 || originalContext > limits::kMaxContext) {
        throw InvalidParameter("original-context", "original-context must be in [1, 67108864], "
                                                   "got " +
                                                       std::to_string(originalContext));
    }
    const KvCacheScores s = dynamicNtkKvCacheScores(
        static_cast<int>(dim),
        parseDouble(parser.value(QStringLiteral("base")), QStringLiteral("base")),
        parseDouble(requiredValue(parser, QStringLiteral("factor")), QStringLiteral("factor")),
        static_cast<int>(originalContext), integer("cached-len"), integer("seq-len"),
        integer("q-pos"), integer("k-pos"));
    printJson("{\"score_consistent\":" + jsonNumber(s.consistent) +
              ",\"score_cached_key\":" + jsonNumber(s.cachedKey) + "}");
    return 0;
}

} // namespace rope::cli
