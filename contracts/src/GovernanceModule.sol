// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

/// @title GovernanceModule
/// @notice The owner of every protocol contract once the deploy script hands them over. Seats
/// vote on calls; Low-tier calls pass at quorum with no timing, High-tier calls need human
/// weight and a timelock. Agent seats may speak on High proposals but are never counted there,
/// so no set of agents can change the constitution, and the last human seat cannot be removed.
contract GovernanceModule {
    enum SeatKind {
        None,
        Human,
        Agent
    }
    enum Tier {
        Low,
        High
    }
    enum State {
        Active,
        Executed,
        Vetoed,
        Defeated
    }

    struct Seat {
        SeatKind kind;
        uint96 weight;
    }

    struct Proposal {
        Tier tier;
        State state;
        address proposer;
        address target;
        bytes32 actionHash;
        uint256 yes;
        uint256 no;
        uint256 yesHuman;
        uint256 noHuman;
        uint32 humanYesVoters;
        uint64 deadline;
        uint64 eta;
    }

    uint64 public constant MIN_VOTING_PERIOD = 1 hours;
    uint64 public constant MAX_VOTING_PERIOD = 30 days;
    uint64 public constant MAX_TIMELOCK = 30 days;

    /// @notice The org's human root: it seats agents, and humans only while no human sits.
    address public immutable root;

    uint256 public quorumYes = 2;
    uint256 public quorumHumanYes = 1;
    uint64 public votingPeriod = 3 days;
    uint64 public highTierTimelock = 1 days;
    bool public unanimityFastPath = true;

    mapping(address => Seat) public seats;
    uint256 public totalWeight;
    uint256 public humanWeight;
    uint256 public humanSeats;

    uint256 public proposalCount;
    mapping(uint256 => Proposal) public proposals;
    mapping(uint256 => mapping(address => bool)) public hasVoted;

    event SeatUpdated(address indexed account, SeatKind kind, uint96 weight);
    event ParametersUpdated(
        uint256 quorumYes,
        uint256 quorumHumanYes,
        uint64 votingPeriod,
        uint64 highTierTimelock,
        bool unanimityFastPath
    );
    event ProposalCreated(
        uint256 indexed id,
        address indexed proposer,
        Tier tier,
        address indexed target,
        bytes data,
        uint64 deadline,
        uint64 eta
    );
    event Voted(uint256 indexed id, address indexed voter, bool support, uint256 countedWeight);
    event ProposalVetoed(uint256 indexed id, address indexed by);
    event ProposalDefeated(uint256 indexed id);
    event ProposalExecuted(uint256 indexed id, bytes result);

    error NotSeated(address account);
    error NotHumanSeat(address account);
    error NotAuthorized();
    error InvalidSeat();
    error LastHumanSeat();
    error ProposalNotFound(uint256 id);
    error ProposalNotActive(uint256 id);
    error VotingClosed(uint256 id);
    error AlreadyVoted(uint256 id, address voter);
    error ActionMismatch(uint256 id);
    error QuorumNotMet(uint256 id);
    error TimelockNotElapsed(uint256 id, uint64 eta);
    error ActionFailed(uint256 id, bytes reason);
    error InvalidVotingPeriod();
    error InvalidTimelock();
    error InvalidQuorum();

    constructor(address root_, address[] memory accounts, SeatKind[] memory kinds, uint96[] memory weights) {
        if (accounts.length != kinds.length || accounts.length != weights.length) revert InvalidSeat();
        root = root_;
        for (uint256 i = 0; i < accounts.length; i++) _setSeat(accounts[i], kinds[i], weights[i]);
    }

    modifier onlySelf() {
        if (msg.sender != address(this)) revert NotAuthorized();
        _;
    }

    // ---- seats and parameters ----

    /// @notice Governance itself changes any seat; the root may seat agents at any time and
    /// humans only while none sits (bootstrap), so it can never outvote the humans after that.
    function setSeat(address account, SeatKind kind, uint96 weight) external {
        if (msg.sender != address(this)) {
            if (msg.sender != root) revert NotAuthorized();
            bool touchesHuman = kind == SeatKind.Human || seats[account].kind == SeatKind.Human;
            if (touchesHuman && humanSeats != 0) revert NotAuthorized();
        }
        _setSeat(account, kind, weight);
    }

    function setQuorums(uint256 quorumYes_, uint256 quorumHumanYes_) external onlySelf {
        if (quorumYes_ == 0 || quorumHumanYes_ == 0) revert InvalidQuorum();
        quorumYes = quorumYes_;
        quorumHumanYes = quorumHumanYes_;
        _emitParameters();
    }

    function setVotingPeriod(uint64 period) external onlySelf {
        if (period < MIN_VOTING_PERIOD || period > MAX_VOTING_PERIOD) revert InvalidVotingPeriod();
        votingPeriod = period;
        _emitParameters();
    }

    function setHighTierTimelock(uint64 timelock) external onlySelf {
        if (timelock > MAX_TIMELOCK) revert InvalidTimelock();
        highTierTimelock = timelock;
        _emitParameters();
    }

    function setUnanimityFastPath(bool on) external onlySelf {
        unanimityFastPath = on;
        _emitParameters();
    }

    /// @notice Quorums never exceed what is seated, so a shrunken council can still act.
    function effectiveQuorums() public view returns (uint256 yesQuorum, uint256 humanQuorum) {
        yesQuorum = quorumYes < totalWeight ? quorumYes : totalWeight;
        humanQuorum = quorumHumanYes < humanWeight ? quorumHumanYes : humanWeight;
    }

    // ---- proposals ----

    /// @notice A call aimed at this module is always High: the rules of governance are the constitution.
    function propose(Tier tier, address target, bytes calldata data) external returns (uint256 id) {
        if (seats[msg.sender].kind == SeatKind.None) revert NotSeated(msg.sender);
        if (target == address(this)) tier = Tier.High;
        id = ++proposalCount;
        uint64 deadline = uint64(block.timestamp) + votingPeriod;
        uint64 eta = deadline + highTierTimelock;
        Proposal storage p = proposals[id];
        p.tier = tier;
        p.proposer = msg.sender;
        p.target = target;
        p.actionHash = keccak256(abi.encode(target, data));
        p.deadline = deadline;
        p.eta = eta;
        emit ProposalCreated(id, msg.sender, tier, target, data, deadline, eta);
    }

    function vote(uint256 id, bool support) external {
        Proposal storage p = _active(id);
        Seat memory seat = seats[msg.sender];
        if (seat.kind == SeatKind.None) revert NotSeated(msg.sender);
        if (block.timestamp > p.deadline) revert VotingClosed(id);
        if (hasVoted[id][msg.sender]) revert AlreadyVoted(id, msg.sender);
        hasVoted[id][msg.sender] = true;
        bool human = seat.kind == SeatKind.Human;
        // Agent votes on High proposals are recorded but weigh nothing.
        uint256 weight = (p.tier == Tier.High && !human) ? 0 : seat.weight;
        if (support) {
            p.yes += weight;
            if (human) {
                p.yesHuman += weight;
                p.humanYesVoters += 1;
            }
        } else {
            p.no += weight;
            if (human) p.noHuman += weight;
        }
        emit Voted(id, msg.sender, support, weight);
    }

    function veto(uint256 id) external {
        Proposal storage p = _active(id);
        if (seats[msg.sender].kind != SeatKind.Human) revert NotHumanSeat(msg.sender);
        p.state = State.Vetoed;
        emit ProposalVetoed(id, msg.sender);
    }

    /// @notice Anyone may execute what the rules allow; past the deadline a proposal with more
    /// no than yes is closed as Defeated instead, without calling anything.
    function execute(uint256 id, bytes calldata data) external returns (bytes memory result) {
        Proposal storage p = _active(id);
        if (keccak256(abi.encode(p.target, data)) != p.actionHash) revert ActionMismatch(id);
        if (block.timestamp > p.deadline && p.no > p.yes) {
            p.state = State.Defeated;
            emit ProposalDefeated(id);
            return result;
        }
        (uint256 yesQuorum, uint256 humanQuorum) = effectiveQuorums();
        if (p.tier == Tier.High) {
            if (p.yesHuman < humanQuorum || p.yesHuman == 0) revert QuorumNotMet(id);
            if (!_fastPath(p) && block.timestamp < p.eta) revert TimelockNotElapsed(id, p.eta);
        } else if (p.yes < yesQuorum || p.yes == 0 || p.no > p.yes) {
            revert QuorumNotMet(id);
        }
        p.state = State.Executed;
        bool ok;
        (ok, result) = p.target.call(data);
        if (!ok) revert ActionFailed(id, result);
        emit ProposalExecuted(id, result);
    }

    /// @dev Unanimity of at least two humans is the one way around the timelock; a lone
    /// human must wait, or a single stolen key could change the constitution at once.
    function _fastPath(Proposal storage p) private view returns (bool) {
        return unanimityFastPath && humanSeats >= 2 && p.humanYesVoters >= humanSeats;
    }

    function _active(uint256 id) private view returns (Proposal storage p) {
        if (id == 0 || id > proposalCount) revert ProposalNotFound(id);
        p = proposals[id];
        if (p.state != State.Active) revert ProposalNotActive(id);
    }

    function _setSeat(address account, SeatKind kind, uint96 weight) private {
        if (account == address(0) || (kind == SeatKind.None) != (weight == 0)) revert InvalidSeat();
        Seat memory old = seats[account];
        if (old.kind == SeatKind.Human && kind != SeatKind.Human && humanSeats == 1) revert LastHumanSeat();
        totalWeight = totalWeight - old.weight + weight;
        if (old.kind == SeatKind.Human) {
            humanWeight -= old.weight;
            humanSeats -= 1;
        }
        if (kind == SeatKind.Human) {
            humanWeight += weight;
            humanSeats += 1;
        }
        seats[account] = Seat(kind, weight);
        emit SeatUpdated(account, kind, weight);
    }

    function _emitParameters() private {
        emit ParametersUpdated(quorumYes, quorumHumanYes, votingPeriod, highTierTimelock, unanimityFastPath);
    }
}
