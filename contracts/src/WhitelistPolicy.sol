// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

import {EnumerableSet} from "@openzeppelin/contracts/utils/structs/EnumerableSet.sol";
import {IPolicyModule} from "./interfaces/IPolicyModule.sol";
import {Verdict} from "./base/Verdict.sol";
import {Governed} from "./base/Governed.sol";

/// @notice Where money may go at all: a listed target ALLOW, any other DENY (no approver can
/// override it). Enumerable so the orchestrator can show the list without replaying events.
contract WhitelistPolicy is IPolicyModule, Governed {
    using EnumerableSet for EnumerableSet.AddressSet;

    event TargetAllowed(address indexed target, bool allowed);

    EnumerableSet.AddressSet private _allowed;

    constructor(address governor, address[] memory initialTargets) Governed(governor) {
        for (uint256 i = 0; i < initialTargets.length; i++) _setAllowed(initialTargets[i], true);
    }

    function setAllowed(address target, bool allowed) external onlyOwner {
        _setAllowed(target, allowed);
    }

    function isAllowed(address target) external view returns (bool) {
        return _allowed.contains(target);
    }

    function allowedTargets() external view returns (address[] memory) {
        return _allowed.values();
    }

    function check(address, address target, uint256, bytes calldata) external view returns (uint8) {
        return _allowed.contains(target) ? Verdict.ALLOW : Verdict.DENY;
    }

    function kind() external pure returns (string memory) {
        return "whitelist";
    }

    function _setAllowed(address target, bool allowed) private {
        if (allowed) _allowed.add(target);
        else _allowed.remove(target);
        emit TargetAllowed(target, allowed);
    }
}
