// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

/// @notice The three verdicts of IPolicyModule.check, ordered by strictness so "the stricter wins" is a max.
library Verdict {
    uint8 internal constant ALLOW = 0;
    uint8 internal constant ESCALATE = 1;
    uint8 internal constant DENY = 2;
}
