// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

import {IPolicyModule} from "./interfaces/IPolicyModule.sol";
import {Verdict} from "./base/Verdict.sol";

/// @notice Spends only inside a daily UTC window [startSecondOfDay, endSecondOfDay); DENY outside.
/// No wrap past midnight, so the window is one interval and a misread cannot invert it; a night
/// shift is two stacks or a wider window. Immutable, so not Governed: a new window is a new module.
contract TimeWindowPolicy is IPolicyModule {
    error InvalidWindow(uint256 startSecondOfDay, uint256 endSecondOfDay);

    uint256 public immutable startSecondOfDay;
    uint256 public immutable endSecondOfDay;

    constructor(uint256 start, uint256 end) {
        if (end <= start || end > 1 days) revert InvalidWindow(start, end);
        startSecondOfDay = start;
        endSecondOfDay = end;
    }

    function check(address, address, uint256, bytes calldata) external view returns (uint8) {
        uint256 second = block.timestamp % 1 days;
        return second >= startSecondOfDay && second < endSecondOfDay ? Verdict.ALLOW : Verdict.DENY;
    }

    function kind() external pure returns (string memory) {
        return "time_window";
    }
}
