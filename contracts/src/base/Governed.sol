// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/// @notice Every svc contract's owner is "the governor": the deployer while it wires the contracts,
/// then the GovernanceModule. Renouncing would leave a contract with setters nobody can call (and
/// no way to fix it), so it is refused.
abstract contract Governed is Ownable {
    error RenounceDisabled();

    constructor(address governor) Ownable(governor) {}

    function renounceOwnership() public pure override {
        revert RenounceDisabled();
    }
}
