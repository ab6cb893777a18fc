// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

import {IPolicyModule} from "./interfaces/IPolicyModule.sol";
import {Verdict} from "./base/Verdict.sol";

/// @notice An ordered, immutable list of modules that is itself a module, so stacks nest. To change
/// a node's policy, governance deploys a new stack and rebinds: a stack never changes under a
/// verdict someone already read. The first DENY ends the check; any ESCALATE sticks; else ALLOW.
contract PolicyStack is IPolicyModule {
    error EmptyStack();
    error InvalidModule(address module);

    IPolicyModule[] private _modules;

    constructor(IPolicyModule[] memory modules_) {
        if (modules_.length == 0) revert EmptyStack();
        for (uint256 i = 0; i < modules_.length; i++) {
            // A codeless member would make every check revert, which reads as an outage, not a policy.
            if (address(modules_[i]).code.length == 0) revert InvalidModule(address(modules_[i]));
            _modules.push(modules_[i]);
        }
    }

    function modules(uint256 index) external view returns (IPolicyModule) {
        return _modules[index];
    }

    function moduleCount() external view returns (uint256) {
        return _modules.length;
    }

    function check(address agent, address target, uint256 value, bytes calldata data) external view returns (uint8) {
        uint8 result = Verdict.ALLOW;
        for (uint256 i = 0; i < _modules.length; i++) {
            uint8 v = _modules[i].check(agent, target, value, data);
            // An unknown verdict from a custom module fails closed.
            if (v >= Verdict.DENY) return Verdict.DENY;
            if (v == Verdict.ESCALATE) result = Verdict.ESCALATE;
        }
        return result;
    }

    function kind() external pure returns (string memory) {
        return "stack";
    }
}
