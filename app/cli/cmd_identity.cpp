// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/cli/cli_common.h"
#include "app/cli/commands.h"
#include "core/identities.h"
#include "core/rotation.h"
#include "core/scaling/scaling_registry.h"

namespace rope::cli {

int runIdentity(const QStringList& args) {
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Relativity residual max|R_m^T R_n - R_(n-m)| of the dense rotation over the rotary "
        "dimension (at most 1024), with the inverse frequencies after the scaling method. Zero "
        "in exact arithmetic; in double it grows like (|m|+|n|)*theta_0*2.2e-16.\n"
        "Output: {\"max_abs_residual\":r}"));
    addRopeOptions(parser);
    parser.addOptions({
        {QStringLiteral("m"), QStringLiteral("Query position m (tokens)."), QStringLiteral("M")},
        {QStringLiteral("n"), QStringLiteral("Key position n (tokens)."), QStringLiteral("N")},
        {QStringLiteral("layout"), QStringLiteral("Pair layout: interleaved|half."),
         QStringLiteral("L"), QStringLiteral("interleaved")},
    });
    if (!parseArguments(parser, args)) {
        return 0;
    }
    const RopeParams params = ropeParamsFrom(parser);
    const double m = parseDouble(requiredValue(parser, QStringLiteral("m")), QStringLiteral("m"));
    const double n = parseDouble(requiredValue(parser, QStringLiteral("n")), QStringLiteral("n"));
    const Layout layout = parseLayout(parser.value(QStringLiteral("layout")).toStdString());
    const ScalingResult scaled = scaledFrequencies(params);
    printJson("{\"max_abs_residual\":" +
              jsonNumber(relativityResidual(scaled.invFreq, m, n, layout)) + "}");
    return 0;
}

} // namespace rope::cli
