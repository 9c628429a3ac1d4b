// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/cli/cli_common.h"
#include "app/cli/commands.h"
#include "core/decay.h"
#include "core/scaling/scaling_registry.h"

namespace rope::cli {

int runDecay(const QStringList& args) {
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Long-term decay at chosen relative distances m, with θ_i from the scaling method.\n"
        "  mean-cos: (2/d)·Σ_i cos(m·θ_i)  (semantic aggregation, kexue.fm/archives/10122)\n"
        "  su-bound: (1/(d/2))·Σ_{j=1}^{d/2} |Σ_{k<j} e^{i·m·θ_k}|  (RoFormer §3.4.3)\n"
        "Output: {\"values\":[…]} (one value per position)"));
    addRopeOptions(parser);
    parser.addOptions({
        {QStringLiteral("positions"),
         QStringLiteral("Comma-separated relative distances m (tokens), at most 1048576."),
         QStringLiteral("M,…")},
        {QStringLiteral("metric"), QStringLiteral("mean-cos (default) or su-bound."),
         QStringLiteral("NAME"), QStringLiteral("mean-cos")},
    });
    if (!parseArguments(parser, args)) {
        return 0;
    }
    const std::vector<double> list = parseDoubleList(
        requiredValue(parser, QStringLiteral("positions")), QStringLiteral("positions"));
    const std::string metric = parser.value(QStringLiteral("metric")).toStdString();
    if (metric != "mean-cos" && metric != "su-bound") {
        throw InvalidParameter("metric",
                               "--metric must be mean-cos or su-bound, got '" + metric + "'");
    }
    const ScalingResult scaled = scaledFrequencies(ropeParamsFrom(parser));
    const Eigen::Map<const Eigen::ArrayXd> positions(list.data(),
                                                     static_cast<Eigen::Index>(list.size()));
    const Eigen::ArrayXd values = metric == "mean-cos"
                                      ? meanCosine(scaled.invFreq, positions)
                                      : relativeUpperBound(scaled.invFreq, positions);
    printJson("{\"values\":" + jsonArray(values) + "}");
    return 0;
}

} // namespace rope::cli
