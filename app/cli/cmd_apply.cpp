// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/cli/cli_common.h"
#include "app/cli/commands.h"
#include "core/rotation.h"
#include "core/scaling/scaling_registry.h"

#include <string>
#include <vector>

namespace rope::cli {

int runApply(const QStringList& args) {
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Rotates one head vector: R_m x with the inverse frequencies of --dim/--base after the "
        "scaling method (so --method, --factor, … and --rotary-dim apply; coordinates past "
        "--rotary-dim pass through).\nRotation only: the method's attention factor is NOT "
        "multiplied in.\nOutput: {\"rotated\":[…]}"));
    addRopeOptions(parser);
    parser.addOptions({
        {QStringLiteral("position"), QStringLiteral("Position m (tokens; may be fractional)."),
         QStringLiteral("M")},
        {QStringLiteral("layout"), QStringLiteral("Pair layout: interleaved|half."),
         QStringLiteral("L"), QStringLiteral("interleaved")},
        {QStringLiteral("vector"),
         QStringLiteral("The head vector x as comma-separated numbers (exactly --dim of them)."),
         QStringLiteral("V")},
    });
    if (!parseArguments(parser, args)) {
        return 0;
    }
    const RopeParams params = ropeParamsFrom(parser);
    const double position =
        parseDouble(requiredValue(parser, QStringLiteral("position")), QStringLiteral("position"));
    const Layout layout = parseLayout(parser.value(QStringLiteral("layout")).toStdString());
    const std::vector<double> values =
        parseDoubleList(requiredValue(parser, QStringLiteral("vector")), QStringLiteral("vector"));
    if (static_cast<long long>(values.size()) != params.headDim) {
        throw InvalidParameter("vector", "--vector has " + std::to_string(values.size()) +
                                             " values but --dim is " +
                                             std::to_string(params.headDim));
    }
    const Eigen::Map<const Eigen::ArrayXd> x(values.data(),
                                             static_cast<Eigen::Index>(values.size()));
    const ScalingResult scaled = scaledFrequencies(params);
    printJson("{\"rotated\":" + jsonArray(applyRope(x, scaled.invFreq, position, layout)) + "}");
    return 0;
}

} // namespace rope::cli
